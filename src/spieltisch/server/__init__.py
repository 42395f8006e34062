"""The web server: FastAPI app with the lobby API, live websockets and the front end."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]
