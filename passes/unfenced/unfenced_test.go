package unfenced_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/model"
	"github.com/fencecheck/fencecheck/passes/unfenced"
)

// testdata returns the shared fixture tree.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSQL(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "sqlclaim", "advisory", "pgxcase", "pgxcase/v4", "sqlxcase", "sqlxcase/iface", "gormcase")
}

// TestGoroutines checks goroutines started under a lease: per call, they
// run under it; started once per object (after a compare-and-swap, inside
// sync.Once.Do), they serve every caller and run under none, in the
// package and through another package's facts.
func TestGoroutines(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "goroutines/once", "goroutines/onceuse")
}

// TestKubernetes checks writes to the Kubernetes API through client-go's
// typed clients under a leader election lease, in the package and through
// a helper of another package: deletions, evictions and patches with
// nothing the API server checks, updates of objects built without a
// resourceVersion; and, silent, creations, preconditioned deletions and
// patches that name the version.
func TestKubernetes(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "kube/leader")
}

func TestInterprocedural(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "interproc/worker")
}

// TestRegistration checks handlers reached by registration: Temporal
// activities registered as a struct, a method value or a function, in the
// declaring package and in another one; asynq handlers registered with a
// ServeMux; River workers that delegate to a service of another package;
// and functions that take a job or a task without the handler shape.
func TestRegistration(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer,
		"registration/acts", "registration/wiring", "registration/temporal",
		"registration/riverworker", "registration/mailer", "registration/asynqmux")
}

// TestHandles checks handles, objects and channels that carry the lease:
// a locked transaction in a field, a helper writing on the caller's locked
// transaction or session, a value built only under a lease, and work handed
// over a channel that only lease scopes send on.
func TestHandles(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "handles/worker", "handles/jobs", "handles/runner", "handles/userhandler", "handles/dispatch", "handles/ctxtx", "handles/ifacelock", "handles/nested", "handles/ownedtx", "handles/ownedtxuse", "handles/leasefield")
}

// TestSQLShapes checks statements recognised by their structure: retention
// cleanups, lock-row claims, renewals and releases, visibility-timeout and
// upsert claims, two-step claims, identifiers and returned counters, and
// statements keyed by lists of placeholders built at run time.
func TestSQLShapes(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer,
		"sqlshape/retentionkeys", "sqlshape/lockrow", "sqlshape/queue", "sqlshape/upsert", "sqlshape/twostep", "sqlshape/identifiers",
		"sqlshape/queuelib", "sqlshape/queueworker", "sqlshape/lists")
}

// TestComposedClaims checks two-step claims whose steps are functions the
// caller composes: a selection of free rows, then a marking of the
// selected keys, in the package and across packages, and their twins (the
// other table, the marking alone, keys of another origin, a marking that
// sets no column the selection tested).
func TestComposedClaims(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "sqlshape/composed", "sqlshape/claimworker")
}

// TestInterfaces checks calls through interfaces: directives on interface
// methods across packages, implementations the package can see, and
// implementations wired in a third package.
func TestInterfaces(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "ifaces/app", "ifaces/wire", "ifaces/docs", "ifaces/mixeduse", "ifaces/local")
}

// TestForeignPlugins checks calls through a library's interface whose
// implementations disagree about writing (unjudged), all write (a
// write), and through the module's own such interface (a write).
func TestForeignPlugins(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "codecuse")
}

// TestWrappers covers leases taken and released through wrappers and
// callbacks, in the package and across packages.
func TestWrappers(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "wrappers/app", "wrappers/flow", "wrappers/worker", "wrappers/rdbqueue", "wrappers/rdbuser")
}

// TestRetryHelpers covers third-party retry helpers (retry-go, backoff)
// that run their operation synchronously: a claim inside makes the call an
// acquisition, and a write inside is the caller's write.
func TestRetryHelpers(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "retries/app")
}

// TestCallbackHelpers covers helpers no catalogue lists that run a
// callback before they return (github.com/sethvargo/go-retry, client-go's
// retry, apimachinery's wait, the project's own lock helper in a package
// that gets no SSA), and their twins that store the callback or run it in
// a goroutine.
func TestCallbackHelpers(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "callbacks/app")
}

// TestRedisShapes checks Redis leases recognised by structure: Lua scripts
// that pop an item and record its expiry, stream consumer-group reads and
// claims, and redigo commands run by name (Send, DoContext, DoWithTimeout)
// with WATCH … MULTI … EXEC transactions.
func TestRedisShapes(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "redisshape/claims", "redisshape/redigocmd", "redisshape/worker",
		"redisshape/setnx/app", "redisshape/setnx/local", "redisshape/setnx/handle", "redisshape/setnx/older", "redisshape/setnx/inproc", "redisshape/gozero",
		"redisshape/reserve/moved", "redisshape/reserve/worker", "redisshape/reserve/wrapped", "redisshape/reserve/wrapqueue")
}

// TestEmbeddedFiles checks a hand-written Redis lock whose release script
// is a file the package embeds: read when the command gives the pass a
// file reader, as the fencecheck binary does.
func TestEmbeddedFiles(t *testing.T) {
	model.ReadEmbedded = func(path string) ([]byte, bool) {
		b, err := os.ReadFile(path)
		return b, err == nil
	}
	defer func() { model.ReadEmbedded = nil }()
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "redisshape/embedded/eapp")
}

// TestRueidis checks rueidis: commands built with the command builder and
// run with Do or DoMulti, read as the commands they name (a checked SET …
// NX PX on a key the package deletes is a lock, DEL releases it, PEXPIRE
// renews it), a lock taken by another package's helper, Lua scripts run
// with Exec, and the go-redis-like rueidiscompat adapter.
func TestRueidis(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "redisshape/rueidis/local", "redisshape/rueidis/app", "redisshape/rueidis/compat")
}

// TestDocFilters checks a MongoDB write keyed by id alone, made by a helper
// of another package, against a helper whose filter compares the caller's
// token and one whose filter its caller passes.
func TestDocFilters(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "docfilter/app")
}

// TestTestLeases checks that a lease a test takes makes no production
// helper a lease scope, and that test code is reported only when asked.
func TestTestLeases(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "testleases")
	fs := flag.NewFlagSet("fencecheck", flag.ContinueOnError)
	config.Register(fs)
	if err := fs.Set("report-tests", "true"); err != nil {
		t.Fatal(err)
	}
	defer fs.Set("report-tests", "false")
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "testleasesreport")
}

// TestMessageLeases checks messages leased by a broker until they are
// acknowledged: SQS receives (the delete releases, a visibility change
// renews) and JetStream pulls and Consume handlers (an ack releases,
// InProgress renews; ordered and AckNone consumers lease nothing) and
// Pub/Sub Receive handlers (Ack and Nack release) and sarama
// consumer-group handlers (ConsumeClaim), receives from RabbitMQ
// delivery channels (autoAck false; Ack, Nack and Reject release) and
// Kafka group fetches and polls (kafka-go FetchMessage, franz-go
// PollFetches; commits release; no group, no lease), Pulsar receives
// (Receive, Chan, a MessageChannel of the options; acks and nacks
// release) and RocketMQ Subscribe handlers (broadcasting leases
// nothing), in the
// receive loop, in helpers it calls and in handlers of another package,
// with twins written after the release, appended, fenced by the delivery
// count or a claim's token, or consumed with autoAck.
func TestMessageLeases(t *testing.T) {
	analysistest.Run(t, testdata(t), unfenced.Analyzer, "msglease/sqsworker", "msglease/sqshandler",
		"msglease/jsworker", "msglease/jshandler", "msglease/natspull",
		"msglease/pubsubworker", "msglease/pubsubhandler", "msglease/kafkagroup", "msglease/kafkahandler",
		"msglease/amqpworker", "msglease/amqphandler", "msglease/kafkareader", "msglease/kafkaapply",
		"msglease/franzgroup", "msglease/pulsarworker", "msglease/pulsarhandler",
		"msglease/rocketworker", "msglease/rockethandler")
}
