return redis.call("incr", KEYS[1])
