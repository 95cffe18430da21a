#!/usr/bin/env python3
"""Plays random legal actions for one seat of any Arbiter game.

Usage: random_bot.py BASE_URL GAME_ID SEAT_TOKEN   (docs/bot-api.md)
Standard library only."""
import json, random, sys, urllib.error, urllib.request

base, game, token = sys.argv[1:4]
auth = {"Authorization": "Bearer " + token}


def play(action):
    request = urllib.request.Request(
        f"{base}/api/bot/game/{game}/move", data=action.encode(),
        headers={**auth, "Content-Type": "text/plain"}, method="POST")
    try:
        urllib.request.urlopen(request).read()
    except urllib.error.HTTPError as refusal:  # raced, or out of turn: wait
        print("refused:", refusal.read().decode(), file=sys.stderr)


events = urllib.request.urlopen(urllib.request.Request(
    f"{base}/api/bot/game/stream/{game}", headers=auth))
for line in events:
    if not line.strip():
        continue  # keep-alive
    state = json.loads(line)
    if state["status"] in ("over", "ended"):
        print(json.dumps(state["outcome"]))
        break
    if state["legal"]:
        play(random.choice(state["legal"]))
