"""The page's game as a JSON service, for a frontend in any language.

``python web/serve.py [PORT]`` answers each POSTed message (the JSON the page's worker
takes, see ``yukon_web.py``) with the same answer the worker gives, on 127.0.0.1. Here
the library runs with its compiled core, so a hint or a solve takes milliseconds. It
keeps one game for each ``X-Player`` header (or one for everybody without it); a real
deployment would keep them in its own store.
"""

from __future__ import annotations

import http.server
import sys
import threading

import yukon_web

SESSIONS: dict[str, yukon_web.Session] = {}
LOCK = threading.Lock()
MAX_BODY = 1 << 20
"""The largest message taken, in bytes: a saved game of 100 000 moves fits."""


class Service(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            self.send_error(413 if length else 411)
            return
        body = self.rfile.read(length).decode("utf-8", "replace")
        player = self.headers.get("X-Player", "")
        with LOCK:
            yukon_web.SESSION = SESSIONS.setdefault(player, yukon_web.Session())
            answer = yukon_web.handle(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)


def serve(port: int) -> http.server.ThreadingHTTPServer:
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), Service)


if __name__ == "__main__":
    server = serve(int(sys.argv[1]) if len(sys.argv) > 1 else 8001)
    print(f"serving the game's JSON on http://127.0.0.1:{server.server_address[1]}/")
    server.serve_forever()
