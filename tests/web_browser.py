"""A real browser for the web app's tests: Playwright (sync API) driving Debian's chromium
(tools/install-chromium puts it at /usr/bin/chromium; Playwright's own browser download is
never used), and a uvicorn server in a thread of the test process serving a given app."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI

from dupbridge.web.server import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def running(app: FastAPI) -> Iterator[str]:
    """Serve ``app`` on a free local port; yield its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):  # wait until it listens (not a timing assertion)
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[object]:
    """A Playwright browser on Debian's chromium with a fresh profile; the test skips,
    saying why, only when chromium is not installed."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (tools/install-chromium could not "
                    "install it): browser tests cannot run")
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="dupbridge-chromium-")
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True,
                args=FLAGS[1:], viewport={"width": 1000, "height": 800})
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def screenshot(page: object, name: str) -> Path:
    """Keep a screenshot as a test artefact (test-artifacts/, ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
