package catalogue

// Import paths of the frameworks whose lock helpers the catalogue models.
const gozeroRedis = "github.com/zeromicro/go-zero/core/stores/redis"

// frameworkEntries returns the lock helpers of application frameworks.
// go-zero's RedisLock takes its lock with a Lua script kept in an embedded
// file (SET key id NX PX), which an analyzer is not handed, and releases it
// with a compare-and-delete script; its id is random.
func frameworkEntries() []Entry {
	const rl = "(*" + gozeroRedis + ".RedisLock)."
	t := methods(gozeroRedis, rl, Acquire, "Acquire", "AcquireCtx")
	return append(t, methods(gozeroRedis, rl, Release, "Release", "ReleaseCtx")...)
}

// partialLibraries are libraries the catalogue describes only in part (a
// framework's lock helper): facts about their other functions (go-zero's
// Redis.Set writes through go-redis) are still used.
var partialLibraries = map[string]bool{gozeroRedis: true}
