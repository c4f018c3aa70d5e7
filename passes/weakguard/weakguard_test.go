package weakguard_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/weakguard"
)

func TestFixtures(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "weakguard")
}

// TestAttempt checks that a guard on the attempt Temporal issues fences,
// and that the same guard on a constant, a random value or River's attempt
// counter does not.
func TestAttempt(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "registration/attempt")
}

// TestSQLShapes checks retention cleanups (silent) against their keyed
// twins, owner checks against literals, and renewals and releases of a
// lock row by its name alone against their twins keyed by the holder.
func TestSQLShapes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "sqlshape/retention", "sqlshape/ownerliteral", "sqlshape/leaseupkeep")
}

// TestRedisShapes checks Lua scripts whose guard tests only existence,
// membership or a removal's count (a state guard) against their twins that
// compare the caller's token with the stored one.
func TestRedisShapes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "redisshape/stateguard")
}

// TestDocFilters checks MongoDB filters that do not fence (a wrong-way
// comparison, a state or holder check, a token from the clock, also through
// a helper of another package) against their twins that compare the
// lock's token.
func TestDocFilters(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "docfilter/weak")
}

// TestMessageTokens checks guards on values of a leased message: its ID
// and receipt handle (a RabbitMQ delivery tag, its redelivered flag, a
// Kafka or RocketMQ offset, Pulsar's redelivery count) are not ordered,
// its delivery count is.
func TestMessageTokens(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "msglease/tokens")
}

// TestKubernetes checks an update of a Kubernetes object conditioned on the
// resourceVersion read just before it, under a leader election lease,
// against the same update under no lease.
func TestKubernetes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, weakguard.Analyzer, "kube/leaderweak")
}
