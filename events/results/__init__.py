"""The national results: the sessions copied in, the field computed and cached, the
organiser's and the public pages, and the downloads (PDF, xlsx, USEBIO)."""
