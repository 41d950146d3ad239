"""A misbehaving external engine for the tests: `python misbehave.py MODE [N]`.

It answers N moves properly (the first legal step), then misbehaves as MODE says:
sleep (never answers, and a child of it sleeps too), exit (exits without answering),
garbage (writes a line that is not JSON), illegal (answers a step that is not legal),
wrong-id (answers another request), spew (writes a huge line without an end).
"""

import json
import os
import subprocess
import sys
import time

mode = sys.argv[1]
fine = int(sys.argv[2]) if len(sys.argv) > 2 else 0
for line in sys.stdin:
    request = json.loads(line)
    if request.get("action") != "move":
        break
    answer = {"id": request["id"], "step": request["legal"][0]["step"]}
    if fine > 0:
        fine -= 1
    elif mode == "sleep":
        # The child's command line carries the test run's tag, so that a test looks for
        # its own leftovers, not those of another test run on the machine.
        tag = os.environ.get("VALDORA_TEST_RUN", "")
        subprocess.Popen([sys.executable, "-c", f"import time; time.sleep(600)  # {tag}"])
        time.sleep(600)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "garbage":
        answer = "this is not json"  # type: ignore[assignment]
        print(answer, flush=True)
        continue
    elif mode == "illegal":
        answer["step"] = 100_000
    elif mode == "wrong-id":
        answer["id"] = "someone else"
    elif mode == "spew":
        sys.stdout.write("x" * 1_000_000)
        sys.stdout.flush()
        time.sleep(600)
    print(json.dumps(answer), flush=True)
