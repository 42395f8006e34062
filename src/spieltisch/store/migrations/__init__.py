"""The schema's history as Alembic migrations, shipped with the package.

``spieltisch.store.schema`` runs them (no ``alembic.ini`` needed); ``versions/`` holds
one file per change, named ``r<number>_<slug>.py``; docs/server.md says how to add one.
"""
