-- wrk script: GET one or two paths with session cookies read from a file.
--   wrk ... -s sessions.lua URL -- COOKIE_FILE PATH1 [PATH2]
-- COOKIE_FILE holds one session id per line (the value of the signalbox_session cookie),
-- optionally followed by a space and an entity tag, sent as If-None-Match (revalidation).
-- With one id, every connection of every thread sends that session (its requests serialise on
-- the session's lock in Signalbox). With several, the ids are split between wrk's threads and
-- each thread hands them out round-robin, one per request: with at least as many ids as
-- connections, every in-flight request carries its own session (wrk's Lua has no per-connection
-- hook; round-robin over >= connections ids is equivalent while responses come back in order).
-- With PATH2, each session alternates PATH1, PATH2, PATH1, ... on its own requests, so every
-- request of a session reshapes its tree (push/pop); with one shared session the requests are
-- issued alternately and served in arrival order.
local next_id = 0
function setup(thread)
    thread:set("thread_id", next_id)
    next_id = next_id + 1
end

function init(args)
    local file, path1, path2 = args[1], args[2], args[3]
    local all = {}
    for line in io.lines(file) do
        if line ~= "" then all[#all + 1] = line end
    end
    local threads = tonumber(args[4] or "2")
    local mine = {}
    if #all >= threads then
        for i, id in ipairs(all) do
            if (i - 1) % threads == thread_id then mine[#mine + 1] = id end
        end
    else
        mine = all
    end
    local paths = { path1 }
    if path2 and path2 ~= "" then paths[2] = path2 end
    requests = {}
    uses = {}
    for i, line in ipairs(mine) do
        local id, etag = line:match("^(%S+)%s*(.*)$")
        local headers = { ["Cookie"] = "signalbox_session=" .. id }
        if etag ~= "" then headers["If-None-Match"] = etag end
        requests[i] = {}
        uses[i] = 0
        for j, path in ipairs(paths) do
            requests[i][j] = wrk.format("GET", path, headers)
        end
    end
    count = #mine
    path_count = #paths
    cursor = 0
end

function request()
    cursor = cursor % count + 1
    local n = uses[cursor]
    uses[cursor] = n + 1
    return requests[cursor][n % path_count + 1]
end
