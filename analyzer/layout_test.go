package analyzer_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// layer ranks the module's directories: a package may import only
// packages of a lower rank (cmd and gclplugin → analyzer → passes →
// internal). Packages under passes/internal rank between passes and
// internal: the rules share them, and they may use every pass.
func layer(rel string) int {
	switch {
	case strings.HasPrefix(rel, "cmd/"), strings.HasPrefix(rel, "gclplugin"):
		return 4
	case strings.HasPrefix(rel, "analyzer"):
		return 3
	case strings.HasPrefix(rel, "passes/"):
		return 2
	case strings.HasPrefix(rel, "internal/"):
		return 0
	}
	return -1
}

// storeAPI are the packages of the engine's reader API: what the store
// readers may import of the engine.
var storeAPI = map[string]bool{"passes/model/store/": true, "passes/model/store/vocab/": true}

// storeArrow checks an import arrow from or to the store readers
// (passes/model/store/…): the engine imports the readers and their API; a
// reader imports the API only, never the engine nor another reader; the
// API imports no pass. It returns why the arrow is wrong, or "".
func storeArrow(rel, target string) string {
	fromStore := strings.HasPrefix(rel, "passes/model/store/")
	switch {
	case !fromStore && rel == "passes/model/":
		return "" // the engine uses its readers
	case !fromStore:
		return "only the engine uses the store readers"
	case storeAPI[rel]:
		if storeAPI[target] && target != rel && rel != "passes/model/store/vocab/" {
			return ""
		}
		return "the readers' API imports no pass"
	case storeAPI[target]:
		return "" // a reader uses the API
	case target == "passes/model/":
		return "a store reader must not depend on the engine, only on its API (passes/model/store, vocab)"
	}
	return "a store reader must not depend on another"
}

// TestImportLayers checks that every import arrow of the module's
// non-test code points down the layers, and that internal/ imports no
// pass.
func TestImportLayers(t *testing.T) {
	const module = "github.com/fencecheck/fencecheck/"
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (rel == "testdata" || rel == "runtime" || rel == "examples" || strings.HasPrefix(d.Name(), ".")) && rel != "." {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			return nil
		}
		from := layer(rel + "/")
		if from < 0 {
			return nil
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files
		}
		checked++
		for _, imp := range pkg.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			target := strings.TrimPrefix(imp, module) + "/"
			to := layer(target)
			if to < 0 {
				continue
			}
			passToPass := strings.HasPrefix(rel, "passes/") && strings.HasPrefix(target, "passes/")
			if passToPass && (strings.HasPrefix(rel+"/", "passes/model/store/") || strings.HasPrefix(target, "passes/model/store/")) {
				if msg := storeArrow(rel+"/", target); msg != "" {
					t.Errorf("%s imports %s: %s", rel, imp, msg)
				}
				continue
			}
			if passToPass {
				// Passes may use the engine and the shared rule helpers,
				// never the other way round.
				if strings.HasPrefix(target, "passes/internal/") && !strings.HasPrefix(rel, "passes/internal/") {
					continue
				}
				if strings.HasPrefix(rel, "passes/internal/") && !strings.HasPrefix(target, "passes/internal/") {
					continue
				}
				if target == "passes/model/" || target == "passes/directives/" {
					continue
				}
				t.Errorf("%s imports the pass %s: rules must not depend on each other", rel, imp)
				continue
			}
			if to > from || to == from && from != 0 {
				t.Errorf("%s imports %s, which is not below it (cmd and gclplugin → analyzer → passes → internal)", rel, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("checked only %d packages: the walk is broken", checked)
	}
}

// TestStoreArrows checks the rule for the store readers' arrows on
// examples, wrong ones included.
func TestStoreArrows(t *testing.T) {
	for _, tc := range []struct {
		rel, target string
		ok          bool
	}{
		{"passes/model/", "passes/model/store/docstore/", true},
		{"passes/model/", "passes/model/store/", true},
		{"passes/model/store/docstore/", "passes/model/store/", true},
		{"passes/model/store/sql/", "passes/model/store/", true},
		{"passes/model/store/cql/", "passes/model/store/sql/", false},
		{"passes/model/store/kv/", "passes/model/", false},
		{"passes/model/store/docstore/", "passes/model/store/vocab/", true},
		{"passes/model/store/", "passes/model/store/vocab/", true},
		{"passes/model/store/docstore/", "passes/model/", false},
		{"passes/model/store/docstore/", "passes/model/store/sql/", false},
		{"passes/model/store/vocab/", "passes/model/store/", false},
		{"passes/unfenced/", "passes/model/store/docstore/", false},
		{"passes/model/store/redis/", "passes/model/store/docstore/", false},
		{"passes/model/store/redis/", "passes/model/store/", true},
		{"passes/model/store/cloud/", "passes/model/store/redis/", false},
	} {
		if got := storeArrow(tc.rel, tc.target) == ""; got != tc.ok {
			t.Errorf("%s → %s: allowed = %v, want %v", tc.rel, tc.target, got, tc.ok)
		}
	}
}
