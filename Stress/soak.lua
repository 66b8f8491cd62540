-- wrk script for the soak: a mix of the demo's pages and /_nav actions across many sessions.
--   wrk -t2 -c64 -d10m -s Stress/soak.lua URL -- SESSIONS_FILE THREADS
-- SESSIONS_FILE holds "ID CSRF" lines (Stress/client.py login). Each thread takes its share of the
-- sessions and hands them out round-robin; each request is the next step of a fixed mix. Every
-- action names its `from` page, so it is well defined whatever the session showed before: pages
-- answer 200, actions 303. Anything else is counted as unexpected and printed at the end.
local threads = {}
local next_id = 0

function setup(thread)
    thread:set("thread_id", next_id)
    next_id = next_id + 1
    table.insert(threads, thread)
end

local LIST = "/authenticated/todos"
local FORM = { ["Content-Type"] = "application/x-www-form-urlencoded" }

-- method, path, body, expected status, JSON?
local mix = {
    { "GET", LIST, nil, 200 },
    { "GET", LIST .. "/todo/1", nil, 200 },
    { "POST", "/_nav/route", "to=todo&input=2&from=" .. LIST, 303 },
    { "GET", LIST .. "/todo/2", nil, 200, true },
    { "POST", "/_nav/pop", "from=" .. LIST .. "/todo/2", 303 },
    { "GET", LIST .. "/createTodo", nil, 200 },
    { "POST", "/_nav/dismiss", "from=" .. LIST .. "/createTodo", 303 },
    { "POST", LIST .. "/todo/1", "action=toggleFavorite", 303 },
    { "POST", "/_nav/tab", "to=projects&from=" .. LIST, 303 },
    { "GET", "/authenticated/projects", nil, 200, true },
    { "GET", "/authenticated/projects/project/1", nil, 200 },
    { "GET", "/authenticated/testbed/pushScreen/pushCoordinator/modalScreen", nil, 200 },
    { "POST", "/_nav/popToRoot", "from=/authenticated/testbed/pushScreen", 303 },
    { "GET", "/authenticated/home", nil, 200 },
    { "GET", "/authenticated/profile/settings", nil, 200, true },
    { "GET", "/app.css", nil, 200 },
}

function init(args)
    local threads_count = tonumber(args[2] or "2")
    sessions = {}
    local index = 0
    for line in io.lines(args[1]) do
        local id, csrf = line:match("^(%w+) (%S+)$")
        if id then
            if index % threads_count == thread_id then
                sessions[#sessions + 1] = { id = id, csrf = csrf }
            end
            index = index + 1
        end
    end
    assert(#sessions > 0, "no sessions for thread " .. thread_id)
    counter = 0
    statuses = {}
    unexpected = 0
end

function request()
    counter = counter + 1
    -- Round q gives session r step q + r: each session walks the whole mix in order, and at any
    -- moment the connections are spread over all of it.
    local r, q = counter % #sessions, math.floor(counter / #sessions)
    local session = sessions[r + 1]
    local step = mix[(q + r) % #mix + 1]
    local method, path, body, json = step[1], step[2], step[3], step[5]
    local headers = { Cookie = "signalbox_session=" .. session.id }
    if json then headers["Accept"] = "application/json" end
    if method == "POST" then
        headers["Content-Type"] = FORM["Content-Type"]
        headers["X-CSRF-Token"] = session.csrf
    end
    return wrk.format(method, path, headers, body)
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
    if status ~= 200 and status ~= 303 then
        unexpected = unexpected + 1
        if unexpected <= 5 then io.stderr:write("unexpected ", status, ": ", body:sub(1, 200), "\n") end
    end
end

function done(summary, latency, requests)
    local total = {}
    local bad = 0
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses")) do
            total[status] = (total[status] or 0) + count
        end
        bad = bad + thread:get("unexpected")
    end
    local keys = {}
    for status in pairs(total) do keys[#keys + 1] = status end
    table.sort(keys)
    local parts = {}
    for _, status in ipairs(keys) do parts[#parts + 1] = status .. "=" .. total[status] end
    io.write("statuses: ", table.concat(parts, " "), "\n")
    io.write("unexpected: ", bad, "\n")
    io.write(string.format("errors: connect=%d read=%d write=%d status=%d timeout=%d\n",
        summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status,
        summary.errors.timeout))
end
