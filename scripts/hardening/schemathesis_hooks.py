"""Schemathesis checks for fairhall's envelope (loaded by scripts/test through SCHEMATHESIS_HOOKS).

The spec's protocol refuses bad input with HTTP 200 and `{"code": 0, "err": "bad_params"}`, not
with a 4xx, so the built-in `negative_data_rejection` would count every such refusal as
"accepted". `negative_data_refused` is the same check with a refusal envelope counted as the
rejection it is: schema-violating input that gets `code: 1` (accepted) still fails, with all of
the built-in check's care for inputs that become valid once serialized.
"""

import json

import schemathesis
from schemathesis.specs.openapi.checks import negative_data_rejection


def is_refusal(response):
    try:
        body = response.json()
    except (ValueError, json.JSONDecodeError):
        return False
    return isinstance(body, dict) and body.get("code") == 0 and isinstance(body.get("err"), str)


@schemathesis.check
def negative_data_refused(ctx, response, case):
    if response.status_code == 200 and is_refusal(response):
        return None
    return negative_data_rejection(ctx, response, case)
