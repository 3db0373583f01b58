"""The FastAPI web application: routing and rendering only, over dupbridge.app."""
