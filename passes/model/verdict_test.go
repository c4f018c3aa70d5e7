package model_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// finding matches the end-to-end modules' expectation markers.
var finding = regexp.MustCompile("// finding: ([a-z]+)")

// TestCatalogue runs the model over code for every library of the
// catalogue (etcd, ZooKeeper, redsync, redislock, go-redis, redigo, Consul,
// client-go leader election, River, asynq, Temporal, S3, DynamoDB, GCS,
// Azure Blob, kafka-go, sarama, franz-go, net/http, NATS JetStream KV,
// MongoDB v1 and v2, gocql and cassandra-gocql-driver v2, GORM),
// compiled against the stubs in testdata/src. The code is the end-to-end
// module testdata/e2e/catalogue, which the end-to-end test compiles against
// the real libraries: the same lines must give the same verdicts with the
// stubs, so a stub cannot drift from the library unnoticed. Each positive
// line has a negative twin marked "// ok:".
func TestCatalogue(t *testing.T) {
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "src"), os.DirFS(filepath.Join(testdata, "src"))); err != nil {
		t.Fatal(err)
	}
	module := filepath.Join(testdata, "e2e", "catalogue")
	dst := filepath.Join(dir, "src", "example.com", "catalogue")
	err = filepath.WalkDir(module, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".lua") {
			return err // Go files, and the scripts they embed
		}
		rel, _ := filepath.Rel(module, path)
		if strings.HasPrefix(rel, filepath.Join("k8scase", "lease")) {
			return nil // wiring for the real client-go, which the stubs leave out
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out := finding.ReplaceAllString(string(src), "// want `$1`")
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), []byte(out), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	model.ReadEmbedded = func(path string) ([]byte, bool) {
		b, err := os.ReadFile(path)
		return b, err == nil
	}
	defer func() { model.ReadEmbedded = nil }()
	analysistest.Run(t, dir, verdicts, "example.com/catalogue/...")
}
