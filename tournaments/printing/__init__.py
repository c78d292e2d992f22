"""Printable PDFs for the print centre, built with reportlab from plain dataclasses.

Each module takes values, not querysets, and returns PDF bytes; the words come out in
the active language. Shared page, font and colour helpers live in :mod:`.common`.
"""
