// A JSON POST to the server under test, with a link's token if given;
// fails the test on any answer but 200. Shared by scene.mjs and
// webhooks.mjs.
import assert from "node:assert/strict";

export async function post(base, path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}
