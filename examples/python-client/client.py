#!/usr/bin/env python3
"""Records two tool outputs in a running `hfw serve` and verifies an agent's answer against them.

Standard library only (urllib). Configure with environment variables:
  HFW_URL            the verifier's address (default http://127.0.0.1:8792)
  HFW_SERVE_TOKEN    a token the server accepts, when it needs one
Usage: python3 client.py [SESSION_ID]
Exit codes: 0 the answer may ship, 1 the policy blocked it, 2 the request failed.
"""

import json
import os
import sys
import time
import urllib.error
import urllib.request

BASE = os.environ.get("HFW_URL", "http://127.0.0.1:8792").rstrip("/")
TOKEN = os.environ.get("HFW_SERVE_TOKEN", "").split(",")[0].strip()


class ApiError(Exception):
    """An error answer of the verifier: its HTTP status and its {"error": {"code", "message"}} body."""

    def __init__(self, status, code, message, body):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code, self.body = status, code, body


def call(method, path, body=None):
    """Sends one JSON request and returns the decoded JSON answer; raises ApiError for a 4xx or 5xx."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if TOKEN:
        request.add_header("Authorization", "Bearer " + TOKEN)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        payload = json.loads(error.read() or b"{}")
        details = payload.get("error", {})
        raise ApiError(error.code, details.get("code", "?"), details.get("message", error.reason), payload) from None


def main():
    session = sys.argv[1] if len(sys.argv) > 1 else "py-%d" % int(time.time() * 1000)
    # What the agent's tools returned.
    call("POST", f"/v1/sessions/{session}/evidence", {
        "source": "get_invoice",
        "callId": "call_1",
        "content": {"invoice": "INV-7", "customer": "Acme GmbH", "status": "open", "total": 980, "currency": "EUR"},
    })
    call("POST", f"/v1/sessions/{session}/evidence", {
        "source": "get_customer",
        "callId": "call_2",
        "content": {"name": "Acme GmbH", "country": "Germany", "open_invoices": 2},
    })
    # The agent's draft answer.
    draft = "Invoice INV-7 totals EUR 890. Acme GmbH is based in Germany. Acme GmbH was founded in 1998."
    report = call("POST", f"/v1/sessions/{session}/verify", {"draft": draft})

    claims = {claim["id"]: claim for claim in report["claims"]}
    for verdict in report["verdicts"]:
        claim = claims[verdict["claimId"]]
        line = f"{verdict['verdict']:<13} {claim['text']}"
        for correction in verdict["corrections"]:
            line += f"  ->  {correction['wrong']} should be {correction['value']} ({correction['quote']['source']})"
        print(line)
    score = report["groundingScore"]
    print(f"decision: {report['decision']}, grounding score: {'n/a' if score is None else round(score, 2)}")
    if report["output"] is not None:
        print("may ship:\n" + report["output"])
    return 1 if report["decision"] == "block" else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ApiError as error:
        print(f"hfw serve answered {error}", file=sys.stderr)
        sys.exit(2)
    except urllib.error.URLError as error:
        print(f"cannot reach {BASE}: {error.reason} (start it with 'hfw serve', or set HFW_URL)", file=sys.stderr)
        sys.exit(2)
