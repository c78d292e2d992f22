"""A school in an event: a teacher joining, the school's page, its class's session, and
the results file of a school that played elsewhere (PBN or USEBIO)."""
