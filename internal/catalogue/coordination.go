package catalogue

// Import paths of the coordination libraries the catalogue models.
const (
	etcd          = "go.etcd.io/etcd/client/v3"
	etcdConc      = "go.etcd.io/etcd/client/v3/concurrency"
	zookeeper     = "github.com/go-zookeeper/zk"
	redsync       = "github.com/go-redsync/redsync/v4"
	redislock     = "github.com/bsm/redislock"
	goredis       = "github.com/redis/go-redis/v9"
	goredisV8     = "github.com/go-redis/redis/v8"
	goredisV7     = "github.com/go-redis/redis/v7"
	redigo        = "github.com/gomodule/redigo/redis"
	rueidis       = "github.com/redis/rueidis"
	rueidisCompat = "github.com/redis/rueidis/rueidiscompat"
	consul        = "github.com/hashicorp/consul/api"
	leaderElect   = "k8s.io/client-go/tools/leaderelection"
)

// commandLib is a library of go-redis's shape: one method per command,
// declared on several types and interfaces and catalogued under one.
type commandLib struct {
	// path is the import path; recv the type the catalogue lists its
	// commands under.
	path, recv string
}

// goredisLibs are the go-redis versions the catalogue models and
// rueidiscompat, rueidis's adapter with go-redis's command methods
// (declared on its CoreCmdable interface, which Cmdable, Pipeliner and
// Tx embed, and on *Compat).
var goredisLibs = []commandLib{{goredis, "cmdable"}, {goredisV8, "cmdable"}, {goredisV7, "cmdable"}, {rueidisCompat, "CoreCmdable"}}

// Reasons weak tokens do not fence.
const (
	randomValue  = "it is a random lock value, not an ordered token"
	leaseID      = "a lease ID is not ordered across holders"
	separateRead = "it is read separately after the lock was taken, not issued atomically with it"
)

// coordinationEntries returns the lock, lease and election part of the
// table.
func coordinationEntries() []Entry {
	var t []Entry
	add := func(es ...Entry) { t = append(t, es...) }

	// etcd: *clientv3.Client embeds the KV and Lease interfaces, so calls
	// resolve to the interface methods.
	const kv, txn, lease = "(go.etcd.io/etcd/client/v3.KV).", "(go.etcd.io/etcd/client/v3.Txn).", "(go.etcd.io/etcd/client/v3.Lease)."
	add(entry(etcd, kv+"Put", Sink).withVerb("puts"), entry(etcd, kv+"Delete", Sink).withVerb("deletes"),
		entry(etcd, kv+"Do", Sink).withVerb("writes"),
		entry(etcd, txn+"Commit", TxnCommit).withFields("If").withVerb("commits"),
		entry(etcd, lease+"TimeToLive", Probe), entry(etcd, lease+"KeepAliveOnce", Probe))
	const mu, el, sess = "(*go.etcd.io/etcd/client/v3/concurrency.Mutex).", "(*go.etcd.io/etcd/client/v3/concurrency.Election).", "(*go.etcd.io/etcd/client/v3/concurrency.Session)."
	add(entry(etcdConc, "go.etcd.io/etcd/client/v3/concurrency.NewLocker", LockerFactory))
	add(entry(etcdConc, mu+"Lock", Acquire), entry(etcdConc, mu+"TryLock", Acquire), entry(etcdConc, mu+"Unlock", Release),
		entry(etcdConc, mu+"Header", TokenSource),
		entry(etcdConc, el+"Campaign", Acquire), entry(etcdConc, el+"Resign", Release),
		entry(etcdConc, el+"Rev", TokenSource), entry(etcdConc, el+"Header", TokenSource),
		entry(etcdConc, el+"Proclaim", Guarded).withVerb("proclaims"), entry(etcdConc, el+"Leader", Probe),
		entry(etcdConc, "go.etcd.io/etcd/client/v3/concurrency.NewSTM", Guarded).withVerb("commits"),
		entry(etcdConc, sess+"Done", Probe), entry(etcdConc, sess+"Lease", WeakToken).withReason(leaseID))

	// ZooKeeper.
	const zl, zc = "(*github.com/go-zookeeper/zk.Lock).", "(*github.com/go-zookeeper/zk.Conn)."
	add(entry(zookeeper, zl+"Lock", Acquire), entry(zookeeper, zl+"LockWithData", Acquire), entry(zookeeper, zl+"Unlock", Release),
		entry(zookeeper, zc+"CreateProtectedEphemeralSequential", Acquire),
		entry(zookeeper, zc+"Set", VersionedSink).withArg(2).withVerb("sets"),
		entry(zookeeper, zc+"Delete", VersionedSink).withArg(1).withVerb("deletes"),
		entry(zookeeper, zc+"Create", Sink).withVerb("creates"),
		entry(zookeeper, zc+"Multi", OpsGuard).withFields("CheckVersionRequest").withVerb("writes"),
		entry(zookeeper, zc+"Exists", Probe), entry(zookeeper, zc+"Get", Probe),
		entry(zookeeper, zc+"SessionID", WeakToken).withReason("a session ID is not ordered across holders"))

	// redsync: no token; Value is random.
	const rs = "(*github.com/go-redsync/redsync/v4.Mutex)."
	add(methods(redsync, rs, Acquire, "Lock", "LockContext", "TryLock", "TryLockContext")...)
	add(methods(redsync, rs, Release, "Unlock", "UnlockContext")...)
	add(methods(redsync, rs, Probe, "Valid", "ValidContext", "Until", "Extend", "ExtendContext")...)
	add(entry(redsync, rs+"Value", WeakToken).withReason(randomValue))

	// redislock: Token is random despite its name.
	const rl = "(*github.com/bsm/redislock.Lock)."
	add(entry(redislock, "github.com/bsm/redislock.Obtain", Acquire),
		entry(redislock, "(*github.com/bsm/redislock.Client).Obtain", Acquire),
		entry(redislock, "github.com/bsm/redislock.ObtainMulti", Acquire),
		entry(redislock, "(*github.com/bsm/redislock.Client).ObtainMulti", Acquire),
		entry(redislock, rl+"Release", Release), entry(redislock, rl+"TTL", Probe), entry(redislock, rl+"Refresh", Probe),
		entry(redislock, rl+"Token", WeakToken).withReason(randomValue))

	// go-redis (v9, and v8 and v7 at their older import paths; v7's
	// methods take no context): commands live on the unexported cmdable
	// type and on the Cmdable interfaces, which Lookup matches by name.
	// The Redis reader tells a write from a create-only write (SETNX,
	// SET NX) and from the acquisition, renewal and release of a lock
	// held in a key.
	commands := []string{"Set", "SetEx", "SetNX", "SetXX", "SetArgs", "SetRange", "MSet", "MSetNX", "GetSet", "GetDel", "Append",
		"Incr", "IncrBy", "Decr", "DecrBy", "HSet", "HMSet", "HSetNX", "HIncrBy", "HDel", "LPush", "RPush", "LSet", "LRem", "LTrim", "RPopLPush", "BRPopLPush", "LMove", "BLMove",
		"SAdd", "SRem", "ZAdd", "ZAddNX", "ZRem", "ZIncrBy", "XAdd", "XAck", "XDel", "XTrim", "Del", "Unlink",
		"Expire", "PExpire", "ExpireAt", "PExpireAt", "Rename", "Copy", "Publish"}
	claims := []string{"XClaim", "XClaimJustID", "XAutoClaim", "XAutoClaimJustID", "XAutoClaimWithDeleted"}
	for _, lib := range goredisLibs {
		recv := "(" + lib.path + "." + lib.recv + ")."
		ctx := 1 // the context argument before the others; v7 has none
		if lib.path == goredisV7 {
			ctx = 0
		}
		for _, c := range commands {
			if lib.path == rueidisCompat {
				switch c {
				case "SetEx":
					c = "SetEX" // rueidiscompat spells it SetEX
				case "XTrim":
					continue // rueidiscompat has XTrimMaxLen and XTrimMinID only
				}
			}
			add(entry(lib.path, recv+c, RedisCommand).withVerb("writes"))
		}
		add(entry(lib.path, recv+"Eval", ScriptEval).withArg(ctx), entry(lib.path, recv+"EvalSha", ScriptEval).withArg(-1))
		// Reading a consumer group's entries, or taking over idle ones,
		// claims them for the consumer until it acknowledges them.
		// With NoAck set, XReadGroup acknowledges on delivery: no claim.
		add(entry(lib.path, recv+"XReadGroup", Acquire).withArg(ctx).withFields("NoAck"))
		takeovers := claims
		if lib.path == rueidisCompat {
			takeovers = claims[:len(claims)-1] // no XAutoClaimWithDeleted
		}
		add(methods(lib.path, recv, Acquire, takeovers...)...)
		add(entry(lib.path, "(*"+lib.path+".Script).Run", ScriptEval).withArg(-1),
			entry(lib.path, "(*"+lib.path+".Script).EvalSha", ScriptEval).withArg(-1),
			entry(lib.path, "(*"+lib.path+".Script).Eval", ScriptEval).withArg(-1),
			entry(lib.path, recv+"Get", WeakToken).withReason(separateRead),
			entry(lib.path, recv+"HGet", WeakToken).withReason(separateRead))
		if lib.path == rueidisCompat {
			// The adapter's Watch runs its function on a dedicated
			// connection, as go-redis's does.
			add(entry(lib.path, "("+lib.path+".Cmdable).Watch", WatchTx).withArg(ctx))
			continue
		}
		add(entry(lib.path, "(*"+lib.path+".Client).Watch", WatchTx).withArg(ctx),
			entry(lib.path, "(*"+lib.path+".ClusterClient).Watch", WatchTx).withArg(ctx),
			entry(lib.path, "("+lib.path+".UniversalClient).Watch", WatchTx).withArg(ctx))
	}
	// redigo runs commands by name: Do, Send (pipelined), the DoContext and
	// DoWithTimeout helpers and the optional interfaces behind them.
	add(entry(redigo, "(github.com/gomodule/redigo/redis.Conn).Do", CommandDo).withArg(0),
		entry(redigo, "(github.com/gomodule/redigo/redis.Conn).Send", CommandDo).withArg(0),
		entry(redigo, "github.com/gomodule/redigo/redis.DoContext", CommandDo).withArg(2),
		entry(redigo, "github.com/gomodule/redigo/redis.DoWithTimeout", CommandDo).withArg(2),
		entry(redigo, "(github.com/gomodule/redigo/redis.ConnWithContext).DoContext", CommandDo).withArg(1),
		entry(redigo, "(github.com/gomodule/redigo/redis.ConnWithTimeout).DoWithTimeout", CommandDo).withArg(1),
		entry(redigo, "(*github.com/gomodule/redigo/redis.Script).Do", ScriptEval).withArg(-1),
		entry(redigo, "(*github.com/gomodule/redigo/redis.Script).DoContext", ScriptEval).withArg(-1))
	// rueidis builds a command with a chain of builder methods
	// (client.B().Set().Key(k).Value(v).Nx().Px(ttl).Build()) and runs it
	// with Do, or several with DoMulti: the Redis reader reads the chain
	// as the command it names. Client and DedicatedClient embed
	// CommandClient, which declares Do and DoMulti. A Lua script made by
	// NewLuaScript runs with Exec.
	add(entry(rueidis, "(github.com/redis/rueidis.CommandClient).Do", CommandDo).withArg(1),
		entry(rueidis, "(github.com/redis/rueidis.CommandClient).DoMulti", CommandDo).withArg(1),
		entry(rueidis, "(*github.com/redis/rueidis.Lua).Exec", ScriptEval).withArg(-1))

	// Consul.
	const cl, ckv, cs = "(*github.com/hashicorp/consul/api.Lock).", "(*github.com/hashicorp/consul/api.KV).", "(*github.com/hashicorp/consul/api.Session)."
	add(entry(consul, cl+"Lock", Acquire), entry(consul, cl+"Unlock", Release),
		entry(consul, ckv+"Acquire", Acquire), entry(consul, ckv+"Release", Release),
		entry(consul, cs+"Create", Acquire), entry(consul, cs+"Renew", Probe), entry(consul, cs+"Info", Probe),
		entry(consul, ckv+"Put", Sink).withVerb("puts"), entry(consul, ckv+"Delete", Sink).withVerb("deletes"),
		entry(consul, ckv+"CAS", Guarded).withArg(0).withFields("ModifyIndex").withVerb("writes"),
		entry(consul, ckv+"DeleteCAS", Guarded).withArg(0).withFields("ModifyIndex").withVerb("deletes"),
		entry(consul, ckv+"Get", Read),
		entry(consul, ckv+"Txn", OpsGuard).withFields("KVCheckSession", "KVCheckIndex", "KVCheckNotExists", "KVCAS").withVerb("writes"),
		entry(consul, "(*github.com/hashicorp/consul/api.Txn).Txn", OpsGuard).withFields("KVCheckSession", "KVCheckIndex", "KVCheckNotExists", "KVCAS").withVerb("writes"))

	// Kubernetes leader election: the OnStartedLeading callback is a
	// lease scope (see the handler rules in the model).
	const le = "(*k8s.io/client-go/tools/leaderelection.LeaderElector)."
	add(methods(leaderElect, le, Probe, "IsLeader", "GetLeader", "Check")...)
	return t
}
