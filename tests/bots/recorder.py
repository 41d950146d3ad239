"""An external engine for the tests that writes every request it gets to a file.

`python recorder.py FILE`: appends each request line to FILE, answers the first legal
step, so a test can inspect exactly what a bot is shown.
"""

import json
import sys

with open(sys.argv[1], "a", encoding="utf-8") as log:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        request = json.loads(line)
        if request.get("action") != "move":
            break
        print(json.dumps({"id": request["id"], "step": request["legal"][0]["step"]}),
              flush=True)
