"""A reference of the card's own Python stack, arm C, for CPU-per-quote comparisons (issue 12).

Not part of the lab: `bin/lab bench --paired` (decision 0056) starts it beside the embedded lab and
measures it and the quote node in alternating windows. The card's stack: FastAPI on Uvicorn (uvloop, httptools),
httpx with an explicit pool, redis-py asyncio, orjson, pydantic, prometheus-client.

Arm C as the card describes it: the profile is read from Redis on every quote; one younger than
REFRESH_AFTER_MS answers CACHED; otherwise a provider call runs with a 120 ms budget (its result
is written to Redis even after the budget) and the quote answers FRESH, STALE or DEFAULT; then
the 60 ms rating cost (a sleep on the event loop, like the node's timer).

Environment: PROVIDER (base URL, the lab's Toxiproxy listener), REDIS (redis:// URL),
REFRESH_AFTER_MS (default 60000, the node's quote.refresh-after), and two switches for what else a
quote does, so the comparison can be read with and without them:
  METRICS=1  per quote, what the node exports per quote: a latency histogram and a quote counter
             by origin, cache hit/miss counters (prometheus-client; /metrics serves them);
  RATED=1    per quote, work the node's rating does: the insured object validated (pydantic),
             the provider's payload translated to signals (on a fetch), a premium priced with
             exact decimals from banded factors, loadings and an uncertainty range, and a random
             quote id. The factors are stand-ins of the same shape, not the node's rule set.
"""
import asyncio
import bisect
import os
import time
import uuid
from decimal import ROUND_HALF_UP, Decimal

import httpx
import orjson
import redis.asyncio as aioredis
from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field, ValidationError

PROVIDER = os.environ["PROVIDER"]
REDIS = os.environ["REDIS"]
REFRESH_AFTER_MS = int(os.environ.get("REFRESH_AFTER_MS", "60000"))
METRICS = os.environ.get("METRICS") == "1"
RATED = os.environ.get("RATED") == "1"
BUDGET_S = 0.120
RATING_S = 0.060
KEY = "cardref:" + ("rated:" if RATED else "")

app = FastAPI()
client = None
rds = None
background = set()  # provider calls that outlive their quote's budget

if METRICS:
    from prometheus_client import Counter, Histogram, make_asgi_app

    LATENCY = Histogram("quote_latency_seconds", "quote latency", ["arm", "origin"])
    QUOTES = Counter("quote_quotes", "quotes", ["arm", "origin"])
    HITS = Counter("quote_cache_hits", "cache hits", ["arm"])
    MISSES = Counter("quote_cache_misses", "cache misses", ["arm"])
    app.mount("/metrics", make_asgi_app())


class QuoteRequest(BaseModel):
    partnerId: str = Field(min_length=1, max_length=64)
    customerId: str = Field(min_length=1, max_length=64)
    lineOfBusiness: str = Field(min_length=1, max_length=32)
    insuredObject: dict


class Auto(BaseModel):
    vehicleValue: Decimal = Field(gt=0, max_digits=19, decimal_places=4)
    vehicleYear: int = Field(ge=1980, le=2030)


D = Decimal
CENT = D("0.01")
SIGNALS = ["MONTHLY_INCOME", "PATRIMONY", "RELATIONSHIP_MONTHS", "PRODUCTS_HELD",
           "AVAILABLE_BALANCE", "BLOCKED_BALANCE"]
VALUE_BANDS = ([D(0), D(15000), D(40000), D(80000)], [D("0.95"), D("1.00"), D("1.10"), D("1.25")])
SIGNAL_BANDS = {s: ([D(0), D(1000), D(10000), D(100000)], [D("1.10"), D("1.00"), D("0.97"), D("0.95")])
                for s in SIGNALS}
LOADING = D("0.05")
RANGE_WEIGHT = D("0.02")
ORIGIN_WEIGHT = {"FRESH": D("0"), "CACHED": D("0.01"), "STALE": D("0.05"), "DEFAULT": D("0.15")}
DEFAULT_PROFILE = {s: D(1000) for s in SIGNALS}


def band(bands, value):
    return bands[1][max(0, bisect.bisect_right(bands[0], value) - 1)]


def translate(payload):
    data = payload.get("data", {})
    qualification = data.get("qualification", {})
    relation = data.get("financialRelation", {})
    signals = {}
    if qualification.get("informedIncome"):
        signals["MONTHLY_INCOME"] = qualification["informedIncome"]["amount"]["amount"]
    if qualification.get("informedPatrimony"):
        signals["PATRIMONY"] = qualification["informedPatrimony"]["amount"]["amount"]
    if relation.get("startDate"):
        signals["RELATIONSHIP_MONTHS"] = str((2026 - int(relation["startDate"][:4])) * 12)
    if "productsServicesType" in relation:
        signals["PRODUCTS_HELD"] = str(len(relation["productsServicesType"]))
    return signals


def price(insured, origin, signals):
    obj = Auto(**insured)
    amount = obj.vehicleValue * D("0.045") * band(VALUE_BANDS, obj.vehicleValue)
    width = ORIGIN_WEIGHT[origin]
    values = DEFAULT_PROFILE if signals is None else {k: D(v) for k, v in signals.items()}
    missing = []
    for s in SIGNALS:
        v = values.get(s)
        if v is None:
            missing.append(s)
            amount *= 1 + LOADING
            width += RANGE_WEIGHT
        else:
            amount *= band(SIGNAL_BANDS[s], v)
    width = min(width, D("0.5"))
    premium = amount.quantize(CENT, ROUND_HALF_UP)
    low = (premium * (1 - width)).quantize(CENT, ROUND_HALF_UP)
    high = (premium * (1 + width)).quantize(CENT, ROUND_HALF_UP)
    return premium, low, high, (SIGNALS if signals is None else missing)


@app.on_event("startup")
async def start():
    global client, rds
    client = httpx.AsyncClient(
        limits=httpx.Limits(max_connections=32, max_keepalive_connections=32), timeout=0.7)
    rds = aioredis.from_url(REDIS, max_connections=1024)


async def fetch(customer_id):
    r = await client.get(f"{PROVIDER}/open-banking/profile-bundle/v1/customers/{customer_id}")
    if r.status_code != 200:
        return None
    profile = orjson.loads(r.content)
    if RATED:
        profile = translate(profile)
    await rds.set(KEY + customer_id, orjson.dumps({"at": int(time.time() * 1000), "p": profile}))
    return profile


@app.exception_handler(ValidationError)
async def invalid(_: Request, e: ValidationError):
    return Response(orjson.dumps({"status": 400, "detail": str(e)[:200]}), status_code=400,
                    media_type="application/problem+json")


@app.post("/v1/quotes")
async def quote(q: QuoteRequest):
    started = time.perf_counter()
    now = int(time.time() * 1000)
    raw = await rds.get(KEY + q.customerId)
    cached = orjson.loads(raw) if raw else None
    origin, age, fresh = "CACHED", 0, None
    if cached and now - cached["at"] < REFRESH_AFTER_MS:
        age = now - cached["at"]
    else:
        call = asyncio.ensure_future(fetch(q.customerId))
        background.add(call)
        call.add_done_callback(background.discard)
        try:
            fresh = await asyncio.wait_for(asyncio.shield(call), BUDGET_S)
        except Exception:  # the budget, or a failed call: fall back
            fresh = None
        origin = "FRESH" if fresh is not None else ("STALE" if cached else "DEFAULT")
        if origin == "STALE":
            age = now - cached["at"]
    await asyncio.sleep(RATING_S)
    if RATED:
        signals = fresh if origin == "FRESH" else (cached["p"] if origin != "DEFAULT" else None)
        premium, low, high, missing = price(q.insuredObject, origin, signals)
        body = {"quoteId": "q-" + str(uuid.uuid4()), "arm": "C", "lineOfBusiness": q.lineOfBusiness,
                "premium": {"amount": float(premium), "currency": "BRL"},
                "range": {"low": float(low), "high": float(high)}, "ruleSetVersion": "reference",
                "profile": {"origin": origin, "ageMs": age, "missingSignals": missing}}
    else:
        amount = round(float(q.insuredObject.get("vehicleValue", 0)) * 0.045, 2)
        body = {"quoteId": "q-reference", "arm": "C", "lineOfBusiness": q.lineOfBusiness,
                "premium": {"amount": amount, "currency": "BRL"},
                "profile": {"origin": origin, "ageMs": age, "missingSignals": []}}
    if METRICS:
        (HITS if origin == "CACHED" else MISSES).labels("C").inc()
        QUOTES.labels("C", origin).inc()
        LATENCY.labels("C", origin).observe(time.perf_counter() - started)
    return Response(orjson.dumps(body), media_type="application/json")
