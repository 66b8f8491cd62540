-- wrk script: POST /_draft as the drafts script does after a pause in typing, for many sessions.
--   wrk ... -s drafts.lua URL -- SESSIONS_FILE FROM
-- SESSIONS_FILE holds "session-id csrf-token" per line; each thread takes its share of the
-- sessions and hands them out round-robin. Every request of a session sends a longer title
-- ("Draft 1", "Draft 12", …), so each one changes the draft and the session is written.
local next_id = 0
function setup(thread)
    thread:set("thread_id", next_id)
    next_id = next_id + 1
end

function init(args)
    local file, from = args[1], args[2]
    local all = {}
    for line in io.lines(file) do
        local id, csrf = line:match("^(%S+)%s+(%S+)$")
        if id then all[#all + 1] = { id = id, csrf = csrf } end
    end
    mine = {}
    for i, session in ipairs(all) do
        if (i - 1) % 2 == thread_id then mine[#mine + 1] = session end
    end
    if #mine == 0 then mine = all end
    target = from
    typed = {}
    for i = 1, #mine do typed[i] = "Draft " end
    cursor = 0
end

function request()
    cursor = cursor % #mine + 1
    local session = mine[cursor]
    local text = typed[cursor] .. "x"
    if #text > 200 then text = "Draft " end
    typed[cursor] = text
    local body = "_csrf=" .. session.csrf .. "&from=" .. target .. "&title=" .. text:gsub(" ", "+")
    return wrk.format("POST", "/_draft", {
        ["Cookie"] = "signalbox_session=" .. session.id,
        ["Content-Type"] = "application/x-www-form-urlencoded",
        ["Sec-Fetch-Mode"] = "cors",
    }, body)
end
