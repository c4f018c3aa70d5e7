package gclplugin

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestCompactPath checks the folded path: the steps in order, base names
// and lines, "here" dropped, nothing for a diagnostic without related
// positions.
func TestCompactPath(t *testing.T) {
	fset := token.NewFileSet()
	w := fset.AddFile("/m/worker/worker.go", -1, 100)
	w.SetLines([]int{0, 10, 20, 30, 40})
	s := fset.AddFile("/m/store/store.go", -1, 100)
	s.SetLines([]int{0, 10, 20})
	related := []analysis.RelatedInformation{
		{Pos: w.Pos(12), Message: "lease taken here by queue.Claim"},
		{Pos: s.Pos(25), Message: "token obtained here"},
	}
	want := "; path: worker.go:2 lease taken by queue.Claim → store.go:3 token obtained"
	if got := compactPath(fset, related); got != want {
		t.Errorf("compactPath = %q, want %q", got, want)
	}
	if got := compactPath(fset, nil); got != "" {
		t.Errorf("no related positions: %q", got)
	}
}
