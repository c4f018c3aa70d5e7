package model_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/passes/model"
)

// verdicts reports the rule each write under a lease breaks, as
// "RULE: subject", so one fixture can assert the verdicts of every rule.
var verdicts = &analysis.Analyzer{
	Name:     "verdicts",
	Doc:      "report the verdict of every write made under a lease",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, w := range pass.ResultOf[model.Analyzer].(*model.Result).Writes {
			if w.Verdict != model.Fenced {
				pass.Reportf(w.Pos, "%s: %s", w.Verdict.Rule(), w.Subject())
			}
		}
		return nil, nil
	},
}

// TestCatalogue runs the model over code for every library of the
// catalogue (etcd, ZooKeeper, redsync, redislock, go-redis, redigo, Consul,
// client-go leader election, River, asynq, Temporal, S3, DynamoDB, GCS,
// Azure Blob, kafka-go, sarama, franz-go, net/http), compiled against the
// stubs in testdata/src. Each positive line has a negative twin marked
// "// ok:"; the same code runs against the real libraries in the
// end-to-end test.
func TestCatalogue(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, verdicts, "example.com/catalogue/...")
}
