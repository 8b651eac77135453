-- wrk script of `make bench`: the method and JSON body from the environment, and a count of each
-- status code. wrk hands response() every answer's headers and body, so its cost per response
-- follows the response's length: the bench pads the ceiling's body to the endpoint's length.
-- Prints one line: BENCH requests=<n> duration_us=<n> p50_us=<n> p99_us=<n> sockerr=<n> statuses=<code>:<n>,...
-- (and ids=<n> when it walks registration ids, see below)
counts = {}  -- a global, so that done() can read it from every thread
local threads = {}
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY") or ""
local token = os.getenv("BENCH_TOKEN") or ""
if token ~= "" then
  wrk.headers["Authorization"] = "Bearer " .. token
end
if body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end

-- Bodies holding {n} (an e-mail) and {p} (9 digits of a phone number) get fresh values on each
-- request, so that sign-ups are never refused as duplicates (the same rule as bench_loadgen.py).
if body:find("{n}", 1, true) then
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
  local prefix, counter = math.random(0, 9999), 0
  function request()
    counter = counter + 1
    local number = (prefix * 10000 + counter) % 100000000
    local fresh = body:gsub("{n}", prefix .. "x" .. counter):gsub("{p}", string.format("7%08d", number))
    return wrk.format(nil, nil, nil, fresh)
  end
end

-- A staff decision approves one Pending registration per request: BENCH_ID_FROM is the first
-- registration id this run may use (bench_http.py hands each run the next unused one), and {id} in
-- BENCH_PATH and in the body becomes a new id on each request. One thread (-t1) walks them, and
-- done() reports how many it used (ids=<n>), sent or not answered.
local id_from = tonumber(os.getenv("BENCH_ID_FROM") or "")
if id_from then
  local path = os.getenv("BENCH_PATH") or "/"
  issued = 0  -- a global, so that done() can read it from the thread
  function request()
    local id = tostring(id_from + issued)
    issued = issued + 1
    return wrk.format(nil, (path:gsub("{id}", id)), nil, (body:gsub("{id}", id)))
  end
end

function setup(thread)
  table.insert(threads, thread)
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local total, parts = {}, {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("counts") or {}) do
      total[code] = (total[code] or 0) + n
    end
  end
  for code, n in pairs(total) do
    table.insert(parts, string.format("%d:%d", code, n))
  end
  table.sort(parts)
  local e = summary.errors
  local ids = ""
  if id_from then
    local used = 0
    for _, thread in ipairs(threads) do
      used = used + (thread:get("issued") or 0)
    end
    ids = string.format(" ids=%d", used)
  end
  io.write(string.format("BENCH requests=%d duration_us=%d p50_us=%d p99_us=%d sockerr=%d statuses=%s%s\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, #parts > 0 and table.concat(parts, ",") or "none", ids))
end
