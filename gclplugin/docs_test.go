package gclplugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsMatchFixture checks that docs/integration.md shows the files the
// end-to-end test uses: the fixture's .golangci.yml and .custom-gcl.yml,
// and the custom binary's main.go.
func TestDocsMatchFixture(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "integration.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".golangci.yml", ".custom-gcl.yml"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "e2e", "golangci", name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc), "```yaml\n"+string(data)+"```") {
			t.Errorf("docs/integration.md does not show testdata/e2e/golangci/%s as it is", name)
		}
	}
	if !strings.Contains(string(doc), "```go\n"+customMain+"```") {
		t.Error("docs/integration.md does not show the custom binary's main.go as the test builds it")
	}
}
