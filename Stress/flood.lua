-- wrk script for the session flood: GET a page that starts a session, either without a cookie or
-- with a random forged session id.
--   wrk -t2 -c62 -d20s -s Stress/flood.lua URL -- MODE [PATH]
-- MODE is "none" (no cookie) or "forged" (a fresh random 32-hex-digit id per request). Every
-- answer must be a 200 page that sets a new session cookie; anything else is counted.
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    mode = args[1]
    path = args[2] or "/unauthenticated"
    answered, unexpected, cookies = 0, 0, 0
    math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 100000)
end

local hex = "0123456789abcdef"

local function forged()
    local digits = {}
    for i = 1, 32 do
        local n = math.random(1, 16)
        digits[i] = hex:sub(n, n)
    end
    return table.concat(digits)
end

function request()
    if mode == "forged" then
        return wrk.format("GET", path, { Cookie = "signalbox_session=" .. forged() })
    end
    return wrk.format("GET", path)
end

function response(status, headers, body)
    answered = answered + 1
    if status ~= 200 then
        unexpected = unexpected + 1
    end
    local cookie = headers["Set-Cookie"] or headers["set-cookie"]
    if cookie and cookie:find("signalbox_session=", 1, true) then cookies = cookies + 1 end
end

function done(summary, latency, requests)
    local total, bad, set = 0, 0, 0
    for _, thread in ipairs(threads) do
        total = total + thread:get("answered")
        bad = bad + thread:get("unexpected")
        set = set + thread:get("cookies")
    end
    io.write("answered: ", total, "\n")
    io.write("unexpected: ", bad, "\n")
    io.write("new session cookies: ", set, "\n")
    io.write(string.format("errors: connect=%d read=%d write=%d status=%d timeout=%d\n",
        summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status,
        summary.errors.timeout))
end
