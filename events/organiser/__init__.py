"""The organiser's room: events made, their boards, their page and the schools that
joined."""
