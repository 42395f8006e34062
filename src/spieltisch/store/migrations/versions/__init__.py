"""One migration per file; Alembic reads them in the order of their ``down_revision``."""
