package fix

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// edit returns an edit of file replacing the first occurrence of old in
// content (after offset from) with new.
func edit(t *testing.T, file, content, old, new string) vetjson.Edit {
	t.Helper()
	i := strings.Index(content, old)
	if i < 0 {
		t.Fatalf("%q not in content", old)
	}
	return vetjson.Edit{Filename: file, Start: i, End: i + len(old), New: new}
}

func TestApply(t *testing.T) {
	const src = "package p\n\nfunc F() {\n\tx := 1\n\t_ = x\n}\n"
	got, err := Apply([]byte(src), []vetjson.Edit{
		edit(t, "f.go", src, "x := 1", "x := 2"),
		{Filename: "f.go", Start: len(src), End: len(src), New: "// end\n"},
		{Filename: "f.go", Start: 0, End: 0, New: "// start\n"},
		edit(t, "f.go", src, "x := 1", "x := 2"), // duplicate: once
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "// start\npackage p\n\nfunc F() {\n\tx := 2\n\t_ = x\n}\n// end\n"
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestApplyAdjacentEdits(t *testing.T) {
	const src = "abcdef"
	got, err := Apply([]byte(src), []vetjson.Edit{
		{Start: 2, End: 4, New: "XY"}, // replace cd
		{Start: 2, End: 2, New: "<"},  // insert before it
		{Start: 4, End: 4, New: ">"},  // insert after it
		{Start: 0, End: 2, New: ""},   // delete ab, ending where the replacement starts
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "<XY>ef" {
		t.Errorf("got %q, want %q", got, "<XY>ef")
	}
}

func TestOverlappingEdits(t *testing.T) {
	const src = "0123456789"
	for _, tc := range []struct {
		name  string
		edits []vetjson.Edit
	}{
		{"overlap", []vetjson.Edit{{Start: 2, End: 5, New: "a"}, {Start: 4, End: 6, New: "b"}}},
		{"nested", []vetjson.Edit{{Start: 1, End: 8, New: "a"}, {Start: 3, End: 4, New: "b"}}},
		{"after a long one", []vetjson.Edit{{Start: 0, End: 9, New: "a"}, {Start: 2, End: 3, New: "b"}, {Start: 5, End: 6, New: "c"}}},
		{"same range", []vetjson.Edit{{Start: 2, End: 5, New: "a"}, {Start: 2, End: 5, New: "b"}}},
		{"two insertions", []vetjson.Edit{{Start: 3, End: 3, New: "a"}, {Start: 3, End: 3, New: "b"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Apply([]byte(src), tc.edits)
			var ce *ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("Apply = %q, %v; want a ConflictError", got, err)
			}
			if !strings.Contains(err.Error(), "conflicting fixes") {
				t.Errorf("error %q does not say the fixes conflict", err)
			}
		})
	}
	if _, err := Apply([]byte(src), []vetjson.Edit{{Start: 8, End: 12}}); err == nil || !strings.Contains(err.Error(), "outside the file") {
		t.Errorf("out-of-bounds edit: error %v", err)
	}
}

// TestPlan checks that a conflict leaves its file untouched and does not
// stop the other files from being fixed.
func TestPlan(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	const src = "package p\n\nvar x = 1\n"
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	changes, errs := Plan([]Fix{
		{Label: "a.go:3:9: one", Edits: []vetjson.Edit{edit(t, a, src, "1", "2")}},
		{Label: "a.go:3:5: two", Edits: []vetjson.Edit{edit(t, a, src, "x = 1", "y = 1")}},
		{Label: "b.go:3:9: three", Edits: []vetjson.Edit{edit(t, b, src, "1", "3")}},
		{Label: "b.go:3:9: three again", Edits: []vetjson.Edit{edit(t, b, src, "1", "3")}},
	})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "a.go:3:9: one") || !strings.Contains(errs[0].Error(), "a.go:3:5: two") {
		t.Fatalf("errors = %v, want one conflict naming both fixes", errs)
	}
	if len(changes) != 1 || changes[0].File != b || string(changes[0].New) != "package p\n\nvar x = 3\n" {
		t.Fatalf("changes = %+v", changes)
	}
	if err := changes[0].Write(); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]string{a: src, b: "package p\n\nvar x = 3\n"} {
		if got, _ := os.ReadFile(f); string(got) != want {
			t.Errorf("%s = %q, want %q", f, got, want)
		}
	}
	if fi, _ := os.Stat(b); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
}

func TestDiff(t *testing.T) {
	var lines []string
	for i := 1; i <= 20; i++ {
		lines = append(lines, "line"+string(rune('a'+i-1))+"\n")
	}
	src := strings.Join(lines, "")
	c := Change{File: "f.go", Old: []byte(src)}
	edits := []vetjson.Edit{
		edit(t, "f.go", src, "linec", "LINEC"),
		edit(t, "f.go", src, "linee\n", "linee\ninserted\n"),
		edit(t, "f.go", src, "linet\n", ""),
	}
	var err error
	if c.edits, err = normalize("f.go", len(src), toLabelled(edits)); err != nil {
		t.Fatal(err)
	}
	c.New = apply(c.Old, c.edits)
	want := `--- a/f.go
+++ b/f.go
@@ -1,8 +1,9 @@
 linea
 lineb
-linec
+LINEC
 lined
-linee
+linee
+inserted
 linef
 lineg
 lineh
@@ -17,4 +18,3 @@
 lineq
 liner
 lines
-linet
`
	if got := c.Diff("f.go"); got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	checkPatch(t, c)
}

// TestDiffEdges checks diffs at the ends of files, without a final
// newline, and of an empty file, by applying them with git apply.
func TestDiffEdges(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		edits     []vetjson.Edit
	}{
		{"append", "a\nb\n", []vetjson.Edit{{Start: 4, End: 4, New: "c\n"}}},
		{"prepend", "a\nb\n", []vetjson.Edit{{Start: 0, End: 0, New: "z\n"}}},
		{"no final newline", "a\nb", []vetjson.Edit{{Start: 2, End: 3, New: "B"}}},
		{"add final newline", "a\nb", []vetjson.Edit{{Start: 3, End: 3, New: "\n"}}},
		{"empty file", "", []vetjson.Edit{{Start: 0, End: 0, New: "package p\n"}}},
		{"delete all", "a\nb\n", []vetjson.Edit{{Start: 0, End: 4, New: ""}}},
		{"multi-line edit", "a\nb\nc\nd\n", []vetjson.Edit{{Start: 1, End: 5, New: " B C"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sorted, err := normalize("f", len(tc.src), toLabelled(tc.edits))
			if err != nil {
				t.Fatal(err)
			}
			c := Change{File: "f", Old: []byte(tc.src), edits: sorted}
			c.New = apply(c.Old, sorted)
			checkPatch(t, c)
		})
	}
}

// checkPatch applies the change's diff to its old content with git apply
// and compares the result with its new content.
func checkPatch(t *testing.T, c Change) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git to check the diff with")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.go"), c.Old, 0o644); err != nil {
		t.Fatal(err)
	}
	diff := c.Diff("f.go")
	cmd := exec.Command(git, "apply", "--unidiff-zero", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(diff)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\ndiff:\n%s", err, out, diff)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "f.go"))
	if string(got) != string(c.New) {
		t.Errorf("patched content %q, want %q\ndiff:\n%s", got, c.New, diff)
	}
}

func toLabelled(edits []vetjson.Edit) []labelled {
	out := make([]labelled, len(edits))
	for i, e := range edits {
		out[i] = labelled{e, "fix"}
	}
	return out
}
