package catalogue

// Import paths of the coordination libraries the catalogue models.
const (
	etcd        = "go.etcd.io/etcd/client/v3"
	etcdConc    = "go.etcd.io/etcd/client/v3/concurrency"
	zookeeper   = "github.com/go-zookeeper/zk"
	redsync     = "github.com/go-redsync/redsync/v4"
	redislock   = "github.com/bsm/redislock"
	goredis     = "github.com/redis/go-redis/v9"
	goredisV8   = "github.com/go-redis/redis/v8"
	goredisV7   = "github.com/go-redis/redis/v7"
	redigo      = "github.com/gomodule/redigo/redis"
	consul      = "github.com/hashicorp/consul/api"
	leaderElect = "k8s.io/client-go/tools/leaderelection"
)

// goredisPaths are the import paths of the go-redis versions the catalogue
// models.
var goredisPaths = []string{goredis, goredisV8, goredisV7}

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
		"SAdd", "SRem", "ZAdd", "ZAddNX", "ZRem", "ZIncrBy", "XAdd", "XDel", "XTrim", "Del", "Unlink",
		"Expire", "PExpire", "ExpireAt", "PExpireAt", "Rename", "Copy", "Publish"}
	for _, lib := range goredisPaths {
		recv := "(" + lib + ".cmdable)."
		ctx := 1 // the context argument before the others; v7 has none
		if lib == goredisV7 {
			ctx = 0
		}
		for _, c := range commands {
			add(entry(lib, recv+c, RedisCommand).withVerb("writes"))
		}
		add(entry(lib, recv+"Eval", ScriptEval).withArg(ctx), entry(lib, recv+"EvalSha", ScriptEval).withArg(-1))
		// Reading a consumer group's entries, or taking over idle ones,
		// claims them for the consumer until it acknowledges them.
		// With NoAck set, XReadGroup acknowledges on delivery: no claim.
		add(entry(lib, recv+"XReadGroup", Acquire).withArg(ctx).withFields("NoAck"))
		add(methods(lib, recv, Acquire, "XClaim", "XClaimJustID", "XAutoClaim", "XAutoClaimJustID", "XAutoClaimWithDeleted")...)
		add(entry(lib, "(*"+lib+".Script).Run", ScriptEval).withArg(-1),
			entry(lib, "(*"+lib+".Script).EvalSha", ScriptEval).withArg(-1),
			entry(lib, "(*"+lib+".Script).Eval", ScriptEval).withArg(-1),
			entry(lib, "(*"+lib+".Client).Watch", WatchTx).withArg(ctx),
			entry(lib, "(*"+lib+".ClusterClient).Watch", WatchTx).withArg(ctx),
			entry(lib, "("+lib+".UniversalClient).Watch", WatchTx).withArg(ctx),
			entry(lib, recv+"Get", WeakToken).withReason(separateRead),
			entry(lib, recv+"HGet", WeakToken).withReason(separateRead))
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
