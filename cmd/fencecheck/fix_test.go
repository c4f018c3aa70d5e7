package main

import (
	"bytes"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// renamer is a test-only analyzer: it reports every identifier named
// oldName and suggests renaming it to newName.
var renamer = &analysis.Analyzer{
	Name: "renamer",
	Doc:  "renamer: test analyzer that renames oldName to newName",
	URL:  "https://example.com/renamer",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Name == "oldName" {
					pass.Report(analysis.Diagnostic{
						Pos: id.Pos(), End: id.End(), Message: "oldName is deprecated",
						SuggestedFixes: []analysis.SuggestedFix{{Message: "rename to newName", TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("newName")}}}},
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

// widener is a test-only analyzer whose fix for the same identifiers
// replaces their whole declaration: it conflicts with renamer's.
var widener = &analysis.Analyzer{
	Name: "widener",
	Doc:  "widener: test analyzer with fixes that overlap renamer's",
	URL:  "https://example.com/widener",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.Name == "oldName" {
					pass.Report(analysis.Diagnostic{
						Pos: fd.Pos(), Message: "rewrite the declaration",
						SuggestedFixes: []analysis.SuggestedFix{{Message: "rewrite", TextEdits: []analysis.TextEdit{{Pos: fd.Pos(), End: fd.End(), NewText: []byte("func other() {}")}}}},
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

// noFix reports every function named keep, without a fix.
var noFix = &analysis.Analyzer{
	Name: "nofix",
	Doc:  "nofix: test analyzer without fixes",
	URL:  "https://example.com/nofix",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "keep" {
					pass.Reportf(fd.Name.Pos(), "keep has no fix")
				}
			}
		}
		return nil, nil
	},
}

const fixSrc = `package p

func oldName() int { return 1 }

func use() int { return oldName() + oldName() }
`

// fixModule writes a module with fixSrc and makes it the current
// directory.
func fixModule(t *testing.T, extra string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range map[string]string{"go.mod": "module example.com/p\n\ngo 1.26.0\n", "p.go": fixSrc + extra} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return filepath.Join(dir, "p.go")
}

// runSuite runs the standalone driver in-process with a test suite.
func runSuite(t *testing.T, suite []*analysis.Analyzer, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(suite, append([]string{"-driver=packages"}, args...), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

func TestFix(t *testing.T) {
	file := fixModule(t, "")
	out, errOut, code := runSuite(t, []*analysis.Analyzer{renamer}, "-fix", "./...")
	if code != 0 || out != "" {
		t.Fatalf("-fix: exit %d, stdout %q, stderr %s; want 0 and nothing left to report", code, out, errOut)
	}
	got, _ := os.ReadFile(file)
	if want := strings.ReplaceAll(fixSrc, "oldName", "newName"); string(got) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	// Nothing left to fix.
	if out, _, code := runSuite(t, []*analysis.Analyzer{renamer}, "./..."); code != 0 || out != "" {
		t.Errorf("after -fix: exit %d, %q", code, out)
	}
}

// TestFixLeavesUnfixable checks that findings without a fix are still
// reported, with exit code 3, after the others are fixed.
func TestFixLeavesUnfixable(t *testing.T) {
	file := fixModule(t, "\nfunc keep() {}\n")
	out, errOut, code := runSuite(t, []*analysis.Analyzer{renamer, noFix}, "-fix", "./...")
	if code != 3 || !strings.Contains(out, "keep has no fix (nofix)") || strings.Contains(out, "oldName") {
		t.Fatalf("-fix with an unfixable finding: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	if got, _ := os.ReadFile(file); strings.Contains(string(got), "oldName") {
		t.Errorf("not fixed:\n%s", got)
	}
}

func TestDiff(t *testing.T) {
	file := fixModule(t, "")
	out, errOut, code := runSuite(t, []*analysis.Analyzer{renamer}, "-diff", "./...")
	if code != 3 {
		t.Fatalf("-diff: exit %d, want 3\n%s", code, errOut)
	}
	want := `--- a/p.go
+++ b/p.go
@@ -1,5 +1,5 @@
 package p
 
-func oldName() int { return 1 }
+func newName() int { return 1 }
 
-func use() int { return oldName() + oldName() }
+func use() int { return newName() + newName() }
`
	if out != want {
		t.Errorf("diff:\n%s\nwant:\n%s", out, want)
	}
	if got, _ := os.ReadFile(file); string(got) != fixSrc {
		t.Errorf("-diff changed the file:\n%s", got)
	}
}

// TestFixConflict checks that overlapping fixes are an error naming both,
// and that the file is left as it was.
func TestFixConflict(t *testing.T) {
	file := fixModule(t, "")
	out, errOut, code := runSuite(t, []*analysis.Analyzer{renamer, widener}, "-fix", "./...")
	if code != 1 {
		t.Fatalf("conflicting fixes: exit %d, want 1\nstdout %s\nstderr %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "conflicting fixes, file left unchanged") || !strings.Contains(errOut, `"rename to newName"`) || !strings.Contains(errOut, `"rewrite"`) {
		t.Errorf("stderr does not name the conflict and both fixes:\n%s", errOut)
	}
	if got, _ := os.ReadFile(file); string(got) != fixSrc {
		t.Errorf("file changed despite the conflict:\n%s", got)
	}
	if !strings.Contains(out, "oldName is deprecated") {
		t.Errorf("unfixed findings not reported:\n%s", out)
	}
}
