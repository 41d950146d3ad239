"""An external engine that leaves a process behind: `python escape.py MODE [hang]`.

Before its first answer it starts a sleeping process that leaves its process group:
setsid (a child that calls setsid) or double-fork (a grandchild in a session of its
own whose parent exits at once, as a daemon starts). It then answers every move with
the first legal step, or with `hang` never answers. The sleeper's command line carries
the test run's tag (VALDORA_TEST_RUN), so that a test looks for its own leftovers only.
"""

import json
import os
import subprocess
import sys
import time

mode = sys.argv[1]
tag = os.environ.get("VALDORA_TEST_RUN", "")
sleeper = [sys.executable, "-c", f"import time; time.sleep(600)  # {tag}"]
if mode == "setsid":
    subprocess.Popen(sleeper, start_new_session=True, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL)
elif mode == "double-fork":
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, sleeper)
        os._exit(0)
    os.wait()
for line in sys.stdin:
    if sys.argv[2:] == ["hang"]:
        time.sleep(600)
    request = json.loads(line)
    if request.get("action") != "move":
        break
    print(json.dumps({"id": request["id"], "step": request["legal"][0]["step"]}), flush=True)
