"""The event booklet: asked for by the organiser, made by the worker, downloaded by the
organiser and, once the event is over, by anybody with the public link."""
