// Package catalogue is fencecheck's knowledge of third-party and standard
// library APIs: which calls take a lease, check one, write to a sink, or
// perform a guarded write, and where their SQL text and arguments sit.
//
// The table is keyed by the full name of the called function as
// (*types.Func).FullName prints it, for example
// "(*database/sql.DB).ExecContext" or "(github.com/jackc/pgx/v5.Tx).Exec".
// Methods promoted through embedding (sqlx.DB embeds *sql.DB) resolve to the
// embedded type's method, so they need no entry of their own.
package catalogue

import (
	"go/types"
	"sort"
	"strings"
)

// Class says what a call does with respect to leases and sinks.
type Class int

const (
	// SQLExec executes SQL text; what it does (a write, a claim, an
	// advisory lock, a read) is decided by the text.
	SQLExec Class = iota + 1
	// SQLPrepare returns a prepared statement that carries SQL text (and,
	// when Args is not -1, its bound arguments: gocql Session.Query).
	// Methods of the statement that return their receiver's type
	// (Query.WithContext, Consistency, Bind) return the same statement.
	SQLPrepare
	// SQLStmtExec executes the text of the prepared statement it is
	// called on.
	SQLStmtExec
	// CQLExec executes the CQL text of the query it is called on (gocql
	// Query.Exec, ScanCAS): like SQLStmtExec, with CQL's rules. An INSERT
	// overwrites unless IF NOT EXISTS; the condition of a lightweight
	// transaction (IF …) guards like a WHERE, and its rejection is the
	// applied flag, the leading bool result, which Exec drops.
	CQLExec
	// CQLBatchQuery queues CQL text in a batch (gocql Batch.Query): a
	// write by its text, with CQL's rules. A batch whose statements carry
	// conditions applies all of them or none, and its applied flag is the
	// leading bool of the CQLBatchExec call that runs it.
	CQLBatchQuery
	// CQLBatchExec runs a batch, argument Arg or, when Arg is -1, the
	// receiver (Session.ExecuteBatchCAS, Batch.ExecCAS).
	CQLBatchExec
	// SQLQueue queues SQL text in a batch (pgx Batch.Queue); it is
	// classified like SQLExec.
	SQLQueue
	// TxBegin starts a transaction; its first result is the handle.
	TxBegin
	// TxEnd commits or rolls back the transaction it is called on.
	TxEnd
	// Sink is an unconditional write to external state.
	Sink
	// ORMWrite is an ORM write whose guard lives in the call chain
	// (GORM Update/Updates/Delete with a Where clause).
	ORMWrite
	// ORMCreate is an ORM insert: an append unless the chain carries an
	// upsert clause.
	ORMCreate
	// ORMChain is an ORM chain method that carries conditions or clauses
	// (GORM Where, Clauses, Model, Table).
	ORMChain
	// Identity returns its SQL argument rewritten but equivalent
	// (sqlx Rebind); text resolution looks through it.
	Identity

	// Acquire takes a lease or lock; an error result reports failure. With
	// Fields, it takes none when its input struct, argument Arg, sets one
	// of them to true (go-redis XReadGroup with NoAck).
	Acquire
	// Release releases the lease or lock it is called on.
	Release
	// Probe checks ownership or lease validity without fencing anything.
	Probe
	// TokenSource returns the fencing token of a held lease (etcd
	// Mutex.Header, Election.Rev): a value of claim origin.
	TokenSource
	// WeakToken returns a value that looks like a token but is not one
	// (a random lock value, a lease ID, an attempt counter); Reason says
	// why.
	WeakToken
	// Guarded performs a write the sink conditions on ownership itself
	// (etcd Election.Proclaim, Consul KV.CAS); its error reports rejection.
	// With Arg and no Fields, argument Arg is the token the sink compares
	// (NATS KV Update's revision).
	Guarded
	// CondSink is a write guarded when its input struct, argument Arg,
	// sets one of Fields (S3 IfMatch, DynamoDB ConditionExpression, Azure
	// AccessConditions).
	CondSink
	// VersionedSink is a write guarded when its version argument, Arg, is
	// not -1 (ZooKeeper Set and Delete).
	VersionedSink
	// TxnCommit commits an etcd transaction: guarded when the chain has
	// If(…), a sink otherwise.
	TxnCommit
	// ScriptEval runs a Redis Lua script, argument Arg (or the script the
	// receiver was made from): guarded when the script compares what it
	// read before writing, a sink when it writes without, nothing when it
	// only reads.
	ScriptEval
	// WatchTx runs its function argument, Arg, in an optimistic Redis
	// transaction: writes inside it are checked by the server.
	WatchTx
	// HTTPDo sends a request built by NewRequest: a write unless the method
	// is GET, HEAD or OPTIONS; guarded when the request carries the
	// fencing header or If-Match.
	HTTPDo
	// ChainGuard is a write guarded when its receiver was built by a call
	// named in Fields (GCS ObjectHandle.If).
	ChainGuard
	// TxnProduce produces to Kafka: guarded when a transaction was begun
	// on the same producer (a method named in Fields) before it.
	TxnProduce
	// CommandDo runs a Redis command named by its argument Arg (redigo
	// Conn.Do): a sink for write commands, a script for EVAL.
	CommandDo
	// Read reads the current state and version of what a later
	// conditional write names (S3 HeadObject, Consul KV.Get): a version
	// read this way is fresh, not a token.
	Read
	// LockerFactory returns a sync.Locker whose Lock takes a lease
	// (etcd concurrency.NewLocker).
	LockerFactory
	// OpsGuard is a write guarded when the function that calls it names
	// one of Fields (Consul KVCheckSession, DynamoDB ConditionCheck) in
	// the operations it builds.
	OpsGuard
	// Registers hands argument Arg to a job framework that calls it under
	// the job's lease: a function or method value is a handler; for a value
	// of a named type, its methods named in Fields are handlers ("*" names
	// every exported method, as Temporal registers an activity struct).
	Registers
	// SyncCall calls its function argument, Arg, before it returns (a
	// retry helper): what the function does under a lease, or the lease it
	// returns holding, belongs to the call.
	SyncCall
	// FilterWrite writes the documents its filter document, argument Arg,
	// selects (MongoDB UpdateOne, DeleteOne, FindOneAndUpdate): guarded
	// when the filter compares a fencing token, weakly when it checks
	// state only. For a bulk write, Arg is the slice of write models and
	// Fields name the model field and setter that hold each filter.
	FilterWrite
	// Append inserts new documents (MongoDB InsertOne, InsertMany): like a
	// SQL INSERT it cannot overwrite what a newer holder wrote, so it is
	// not a sink.
	Append
	// OptionGuard is a write guarded when one of its variadic options is
	// built by a call of a function named in Fields (NATS KV Delete with
	// LastRevision(rev)); the value passed to that call is the token.
	OptionGuard
	// CreateOnly writes only if its key does not exist (NATS KV Create): a
	// guarded write whose error is the rejection, or the acquisition of a
	// lock when the same function defers a call of a method named in Fields
	// on the same key (creating a key and deleting it on return is a lock;
	// the deferred call is its release).
	CreateOnly
	// RedisCommand runs the Redis command its method is named after
	// (go-redis Set, SetNX, Del, PExpire, …): a write, a create-only
	// write, or the acquisition, renewal or release of a lock held in
	// the key, which the Redis reader tells from the command and the
	// package's other commands on the same key.
	RedisCommand
	// ListExpand returns its SQL text, argument Text, with each '?' bound
	// to a slice among the arguments from Args expanded into a list of
	// placeholders (sqlx.In); its first result is the text.
	ListExpand
	// Renew extends a lease the caller holds (SQS ChangeMessageVisibility,
	// JetStream Msg.InProgress): neither a claim nor a write, and no check
	// of ownership either, since the lease can lapse right after it.
	Renew
	// NoAckSource makes a consumer whose messages are acknowledged on
	// delivery, so receiving from it, or registering a handler with it,
	// takes no lease: always when Arg is -1 (JetStream OrderedConsumer),
	// else when its config struct, argument Arg, sets field Fields[0] to the
	// constant of the entry's package named Fields[1] (AckPolicy:
	// AckNonePolicy), or, with one field, leaves Fields[0] unset or zero
	// (a kafka-go ReaderConfig without GroupID). When argument Arg is the
	// variadic options, Fields name option functions of the options'
	// package: one, when no option listed in place is made by it (franz-go
	// without ConsumerGroup); two, when one is made by Fields[0] from the
	// constant Fields[1] (RocketMQ WithConsumerModel(BroadCasting)).
	NoAckSource
	// Delivers returns a channel of messages the broker leases to the
	// consumer until it acknowledges each (AMQP Channel.Consume): the code
	// after a receive from that channel runs under the received message's
	// lease. With Arg, only when argument Arg, the flag that acknowledges
	// on delivery (autoAck), is the constant false. With Arg and Fields,
	// the channel is the one the caller stored in field Fields[0] of its
	// options, argument Arg (Pulsar ConsumerOptions.MessageChannel).
	Delivers
	// KubeWrite writes an object through the Kubernetes API (a client-go
	// typed or dynamic client's Update, Patch, Delete, Evict, …): guarded
	// only by what the request carries (the object's resourceVersion, the
	// preconditions of a deletion, a patch that tests the version).
	KubeWrite
)

// String returns the class name used in docs/catalogue.md.
func (c Class) String() string {
	switch c {
	case SQLExec:
		return "sql exec (by text)"
	case SQLPrepare:
		return "sql prepare"
	case SQLStmtExec:
		return "sql statement exec (by text)"
	case CQLExec:
		return "cql query exec (by text; applied flag of an LWT)"
	case CQLBatchQuery:
		return "cql batch statement (by text)"
	case CQLBatchExec:
		return "cql batch exec (applied flag of its LWTs)"
	case SQLQueue:
		return "sql batch queue (by text)"
	case TxBegin:
		return "transaction begin"
	case TxEnd:
		return "transaction end"
	case Sink:
		return "sink"
	case ORMWrite:
		return "orm write (guard in chain)"
	case ORMCreate:
		return "orm create (append unless upsert)"
	case ORMChain:
		return "orm chain"
	case Identity:
		return "sql text rewrite"
	case ListExpand:
		return "sql text rewrite (slice arguments expand to placeholder lists)"
	case Acquire:
		return "acquire"
	case Release:
		return "release"
	case Probe:
		return "probe (ownership check)"
	case TokenSource:
		return "token source"
	case WeakToken:
		return "not a token"
	case Guarded:
		return "guarded write"
	case CondSink:
		return "sink (guarded by condition fields)"
	case VersionedSink:
		return "sink (guarded by a version other than -1)"
	case TxnCommit:
		return "transaction commit (guarded with If)"
	case ScriptEval:
		return "lua script (guarded when it compares before writing)"
	case WatchTx:
		return "optimistic transaction (guards writes inside)"
	case HTTPDo:
		return "http request (guarded by the fencing header)"
	case ChainGuard:
		return "sink (guarded by a condition in the chain)"
	case TxnProduce:
		return "produce (guarded inside a transaction)"
	case CommandDo:
		return "command by name"
	case OpsGuard:
		return "transaction (guarded by check operations)"
	case LockerFactory:
		return "returns a sync.Locker whose Lock takes a lease"
	case Read:
		return "read (its version is not a token)"
	case Registers:
		return "registers a handler"
	case SyncCall:
		return "runs a callback before returning"
	case FilterWrite:
		return "write (guarded by its filter document)"
	case Append:
		return "insert (an append, not a sink)"
	case OptionGuard:
		return "sink (guarded by a condition option)"
	case CreateOnly:
		return "create-only write (a lock when deleted on return)"
	case RedisCommand:
		return "redis command (a write, or a lock held in its key)"
	case Renew:
		return "renewal (neither claim nor write)"
	case Delivers:
		return "delivers leased messages on a channel"
	case KubeWrite:
		return "kubernetes API write (guarded by the object's version or preconditions)"
	case NoAckSource:
		return "makes a consumer whose receives take no lease (it acknowledges on delivery or joins no group)"
	}
	return "unknown"
}

// Handle says how a SQL handle relates to database sessions, which decides
// whether a session or transaction lock taken through it covers later
// statements.
type Handle int

const (
	// Pooled handles may run each statement on a different connection.
	Pooled Handle = iota
	// Session handles pin one connection (sql.Conn, pgx.Conn, pgxpool.Conn).
	Session
	// Transaction handles run every statement in one transaction.
	Transaction
)

// Entry describes one API.
type Entry struct {
	// Name is the callee's types.Func full name.
	Name string
	// Class is what the call does.
	Class Class
	// Text is the index of the SQL text parameter among the call's
	// arguments, receiver excluded, or -1.
	Text int
	// Args is the index of the first bound SQL argument, or -1.
	Args int
	// Named reports that SQL arguments bind by name from a struct or map
	// (sqlx NamedExec).
	Named bool
	// Rows reports that the call returns rows (Query, QueryRow), so a
	// claim through it returns a token or id.
	Rows bool
	// Handle is how the receiver relates to database sessions.
	Handle Handle
	// Library is the import path of the library, for documentation.
	Library string
	// Arg is the argument index (receiver excluded) a class inspects:
	// the input struct, the version, the script, the function.
	Arg int
	// Fields are the struct fields or calls a class looks for.
	Fields []string
	// Reason says why a WeakToken is not a fencing token.
	Reason string
	// Verb describes what a write does, for messages ("puts", "sets").
	Verb string
}

// table is the catalogue, one entry per API.
var table = buildTable()

// index maps a full name to its entry.
var index = func() map[string]*Entry {
	m := make(map[string]*Entry, len(table))
	for i := range table {
		m[table[i].Name] = &table[i]
	}
	return m
}()

// Lookup returns the entry for fn, or nil when fn is not modelled. Methods
// of generic types and instantiated functions are looked up by their origin.
func Lookup(fn *types.Func) *Entry {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == nil || namePackages[fn.Pkg().Path()] {
		if e := index[fn.FullName()]; e != nil {
			return e
		}
	}
	// client-go generates a typed client interface per resource
	// (PodInterface, DeploymentInterface, …): match their methods by name.
	if e := kubeTypedEntry(fn); e != nil {
		return e
	}
	// go-redis declares each command on several interfaces (StringCmdable,
	// HashCmdable, …) besides the cmdable type, rueidiscompat on
	// CoreCmdable and *Compat: match their methods by name.
	if fn.Pkg() != nil && fn.Signature().Recv() != nil {
		for _, l := range goredisLibs {
			if fn.Pkg().Path() == l.path {
				return index["("+l.path+"."+l.recv+")."+fn.Name()]
			}
		}
	}
	return nil
}

// namePackages are the packages the entries' names are in: a function of
// another package has no entry by its full name (which begins with its
// package's path), and Lookup need not build that name.
var namePackages = func() map[string]bool {
	m := make(map[string]bool)
	for _, e := range table {
		m[namePackage(e.Name)] = true
	}
	return m
}()

// namePackage returns the package path of a full function name:
// "database/sql" for "(*database/sql.DB).ExecContext" or "database/sql.Open".
func namePackage(name string) string {
	if strings.HasPrefix(name, "(") {
		if i := strings.Index(name, ")"); i > 0 {
			name = strings.TrimPrefix(name[1:i], "*")
		}
	}
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}

// handleTypes maps the receiver type of each SQL execution entry
// ("*database/sql.Conn", "github.com/jackc/pgx/v5.Tx") to how it relates
// to database sessions.
var handleTypes = func() map[string]Handle {
	m := make(map[string]Handle)
	for _, e := range table {
		if e.Class != SQLExec || !strings.HasPrefix(e.Name, "(") {
			continue
		}
		if i := strings.Index(e.Name, ")."); i > 0 {
			m[e.Name[1:i]] = e.Handle
		}
	}
	return m
}()

// HandleOf reports how a value of type t relates to database sessions,
// when t is the receiver type of a SQL API of the catalogue: a pool, a
// handle that pins one session (sql.Conn, pgx.Conn, pgxpool.Conn) or a
// transaction (which pins one too).
func HandleOf(t types.Type) (Handle, bool) {
	h, ok := handleTypes[types.TypeString(types.Unalias(t), nil)]
	return h, ok
}

// LookupName returns the entry for a full name, or nil.
func LookupName(name string) *Entry {
	return index[name]
}

// Entries returns every entry sorted by library, then name.
func Entries() []Entry {
	out := append([]Entry(nil), table...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Library != out[j].Library {
			return out[i].Library < out[j].Library
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Libraries returns the import paths whose packages the catalogue models,
// sorted. A package that imports none of them (directly or through a
// dependency that exported a fact) cannot contain a modelled call.
func Libraries() []string {
	seen := make(map[string]bool)
	var out []string
	for _, e := range table {
		if !seen[e.Library] {
			seen[e.Library] = true
			out = append(out, e.Library)
		}
	}
	sort.Strings(out)
	return out
}

// libraries is the set of import paths the catalogue models.
var libraries = func() map[string]bool {
	m := make(map[string]bool)
	for _, e := range table {
		m[e.Library] = true
	}
	return m
}()

// Models reports whether a package of the import path has entries in the
// catalogue.
func Models(path string) bool { return libraries[path] }

// InLibrary reports whether a package belongs to a library the catalogue
// models (the library's package or one below it), other than one it
// describes only in part. Facts about such packages are not used: the
// catalogue is authoritative for them.
func InLibrary(path string) bool {
	for p := path; p != ""; {
		if partialLibraries[p] {
			return false
		}
		if libraries[p] {
			return true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return false
		}
		p = p[:i]
	}
	return false
}

// readAtCalls are the libraries the engine reads only at calls of their
// entries: no type of theirs makes a handler, a callback or a carrier by
// its shape, so a package that imports one but calls none of its entries
// (it uses http.Header, or sql.NullString) holds nothing the library
// could make a lease scope or a write of.
var readAtCalls = map[string]bool{"net/http": true, "database/sql": true}

// ReadAtCalls reports whether the library of path is read only at calls of
// its entries (net/http, database/sql): importing it makes a package worth
// analysing only when the package calls one of them.
func ReadAtCalls(path string) bool { return readAtCalls[path] }

// sqlHandlePackages are the packages of the receiver types of the SQL
// execution entries.
var sqlHandlePackages = func() map[string]bool {
	m := make(map[string]bool)
	for t := range handleTypes {
		m[namePackage("("+t+").X")] = true
	}
	return m
}()

// HoldsSQLHandles reports whether the package of path declares a type with
// a catalogued SQL execution method (database/sql, pgx, …).
func HoldsSQLHandles(path string) bool { return sqlHandlePackages[path] }
