-- wrk script: creates logged-in sessions of the demo through its HTTP/JSON interface, each with
-- a 3-deep Todos stack, and writes their ids to OUT_DIR/cookies-<thread>.txt.
--   wrk -t2 -c32 -d600s -s create-sessions.lua URL -- TOTAL THREADS OUT_DIR DEEP_PATH
-- Per session, two requests (any connection may carry either; sessions travel by cookie):
--   1. GET DEEP_PATH, Accept: application/json, no cookie: the guard sends the visitor to the
--      login page and keeps DEEP_PATH as the pending path; the answer carries Set-Cookie and csrf.
--   2. POST /unauthenticated username=alice&password=wonderland with that cookie and
--      X-CSRF-Token: the login rotates the id (new Set-Cookie) and continues to DEEP_PATH.
-- Each thread stops once its share of TOTAL sessions has been logged in (or failed; failures
-- go to standard error). wrk itself runs until its -d; the runner interrupts it once the cookie
-- files hold TOTAL lines.
local next_id = 0
function setup(thread)
    thread:set("thread_id", next_id)
    next_id = next_id + 1
end

function init(args)
    local total, threads = tonumber(args[1]), tonumber(args[2])
    out_dir, deep_path = args[3], args[4]
    quota = math.floor(total / threads)
    if thread_id < total % threads then quota = quota + 1 end
    started, finished, failed = 0, 0, 0
    -- wrk calls request() once on thread 0 before the run to check for pipelining; that call
    -- sends nothing, so it must not count as a started session.
    if thread_id == 0 then started = -1 end
    pending = {}
    out = io.open(out_dir .. "/cookies-" .. thread_id .. ".txt", "w")
    out:setvbuf("line")  -- the runner counts lines to know when every session exists
    start_request = wrk.format("GET", deep_path, { ["Accept"] = "application/json" })
    filler = wrk.format("GET", "/app.css")
    login_body = "username=alice&password=wonderland"
end

function request()
    local session = table.remove(pending)
    if session then
        return wrk.format("POST", "/unauthenticated", {
            ["Accept"] = "application/json",
            ["Content-Type"] = "application/x-www-form-urlencoded",
            ["Cookie"] = "signalbox_session=" .. session[1],
            ["X-CSRF-Token"] = session[2],
        }, login_body)
    end
    if started < quota then
        started = started + 1
        return start_request
    end
    return filler
end

local function session_cookie(headers)
    for name, value in pairs(headers) do
        if string.lower(name) == "set-cookie" then
            local id = string.match(value, "signalbox_session=([%w_-]+)")
            if id then return id end
        end
    end
    return nil
end

function response(status, headers, body)
    local id = session_cookie(headers)
    local path = string.match(body, '^%s*{%s*"path"%s*:%s*"([^"]*)"')
    if not id then
        if status ~= 200 then
            failed = failed + 1
            io.stderr:write("create-sessions: unexpected answer ", status, " ", string.sub(body, 1, 200), "\n")
        end
    elseif status == 200 and path == "/unauthenticated" then
        local csrf = string.match(body, '"csrf"%s*:%s*"(%x+)"')
        pending[#pending + 1] = { id, csrf }
    elseif status == 200 and path == deep_path then
        out:write(id, "\n")
        finished = finished + 1
    else
        failed = failed + 1
        io.stderr:write("create-sessions: unexpected answer ", status, " ", tostring(path), "\n")
    end
    if finished + failed >= quota then
        out:flush()
        wrk.thread:stop()
    end
end
