-- Script of the load benchmarks' wrk runs (support/load.ts). The request comes from the environment; at the end,
-- one line "wrk-report {json}" carries the counts and the whole latency histogram, so that rounds can be pooled.
wrk.method = os.getenv('BENCH_METHOD') or 'GET'
local body = os.getenv('BENCH_BODY')
if body and body ~= '' then wrk.body = body end
for line in (os.getenv('BENCH_HEADERS') or ''):gmatch('[^\n]+') do
  local name, value = line:match('^([^:]+):%s*(.*)$')
  if name then wrk.headers[name] = value end
end

done = function(summary, latency, requests)
  local buckets = {}
  for i = 1, #latency do
    local microseconds, count = latency(i)
    buckets[#buckets + 1] = string.format('[%d,%d]', microseconds, count)
  end
  local errors = summary.errors
  io.write(string.format(
    'wrk-report {"requests":%d,"durationUs":%d,"bytes":%d,"socketErrors":%d,"non2xx":%d,"latencyUs":[%s]}\n',
    summary.requests, summary.duration, summary.bytes,
    errors.connect + errors.read + errors.write + errors.timeout, errors.status, table.concat(buckets, ',')))
end
