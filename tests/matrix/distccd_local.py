"""A real distccd on 127.0.0.1 for lineup matrix's tests (Debian's distcc,
scripts/packages.txt): started in its own session with its files in a
private state directory, and stopped with its workers.

    with distccd_local.Distccd() as farm:
        env = dict(os.environ, **farm.env)    # DISTCC_HOSTS and friends
        ...
        farm.served()                         # its log, so far
    farm.left                                 # its processes still alive
"""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from run_matrix_tests import alive  # its importers share its argv


def available():
    return bool(shutil.which("distcc") and shutil.which("distccd"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Distccd:
    def __enter__(self):
        self.state = tempfile.mkdtemp(prefix="lineup-distcc.")
        os.chmod(self.state, 0o777)  # distccd drops root for its own user
        self.log = os.path.join(self.state, "distccd.log")
        port = free_port()
        self.daemon = subprocess.Popen(
            ["distccd", "--daemon", "--no-detach", "--allow", "127.0.0.1",
             "--listen", "127.0.0.1", "--port", str(port), "--jobs", "2",
             "--log-file", self.log, "--log-level", "info"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True,
            env=dict(os.environ, TMPDIR=self.state))  # its files go there
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                time.sleep(0.1)
        self.env = {"DISTCC_DIR": self.state,
                    "DISTCC_HOSTS": "127.0.0.1:%d/2" % port,
                    # a remote failure must fail, not compile here
                    "DISTCC_FALLBACK": "0", "DISTCC_SKIP_LOCAL_RETRY": "1"}
        return self

    def served(self):
        try:
            with open(self.log) as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def __exit__(self, *exc):
        pid = self.daemon.pid
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(pid, sig)
            except ProcessLookupError:
                break
            try:
                self.daemon.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                continue
        try:
            os.killpg(pid, signal.SIGKILL)  # its workers
        except ProcessLookupError:
            pass
        self.daemon.wait()
        shutil.rmtree(self.state, ignore_errors=True)
        deadline = time.monotonic() + 10
        while True:
            group = subprocess.run(["pgrep", "-g", str(pid)],
                                   capture_output=True, text=True).stdout
            self.left = [p for p in map(int, group.split()) if alive(p)]
            if not self.left or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        return False
