// Package fix applies suggested fixes, given as go vet JSON edits, to
// files, and renders them as unified diffs.
//
// Edits of one file that overlap are an error that names both fixes; the
// file is then left as it is rather than half-fixed.
package fix

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Fix is one suggested fix: its edits, and a label naming it in errors
// (for example "jobs.go:20:12: use fence.Update").
type Fix struct {
	Label string
	Edits []vetjson.Edit
}

// labelled is an edit and the fix it belongs to.
type labelled struct {
	vetjson.Edit
	label string
}

// Change is the new content of one file.
type Change struct {
	// File is the file's path, as the edits name it.
	File string
	// Old and New are the file's content before and after the edits.
	Old, New []byte
	// edits are the file's edits, sorted, without duplicates.
	edits []vetjson.Edit
}

// ConflictError reports two fixes whose edits of a file overlap.
type ConflictError struct {
	File   string
	A, B   vetjson.Edit
	LA, LB string // the fixes' labels
}

// Error implements error.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: conflicting fixes, file left unchanged: %s edits bytes [%d,%d) and %s edits bytes [%d,%d)",
		e.File, e.LA, e.A.Start, e.A.End, e.LB, e.B.Start, e.B.End)
}

// Plan reads the files the fixes edit and computes their new content. It
// returns one change per file that the edits change, sorted by file, and
// an error for each file it cannot fix: one it cannot read, an edit out of
// its bounds, or overlapping edits. A file with an error gets no change.
// Identical edits (the same fix reported for a package and its test
// variant) count once.
func Plan(fixes []Fix) ([]Change, []error) {
	byFile := make(map[string][]labelled)
	for _, f := range fixes {
		for _, e := range f.Edits {
			byFile[e.Filename] = append(byFile[e.Filename], labelled{e, f.Label})
		}
	}
	var changes []Change
	var errs []error
	for _, file := range sortedKeys(byFile) {
		old, err := os.ReadFile(file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		edits, err := normalize(file, len(old), byFile[file])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		c := Change{File: file, Old: old, New: apply(old, edits), edits: edits}
		if !bytes.Equal(c.Old, c.New) {
			changes = append(changes, c)
		}
	}
	return changes, errs
}

// Apply applies edits (all of one file) to content. It fails, and changes
// nothing, if an edit is out of bounds or two edits overlap.
func Apply(content []byte, edits []vetjson.Edit) ([]byte, error) {
	ls := make([]labelled, len(edits))
	for i, e := range edits {
		ls[i] = labelled{e, fmt.Sprintf("edit %d", i+1)}
	}
	var file string
	if len(edits) > 0 {
		file = edits[0].Filename
	}
	sorted, err := normalize(file, len(content), ls)
	if err != nil {
		return nil, err
	}
	return apply(content, sorted), nil
}

// normalize sorts the edits of one file by position, drops duplicates and
// checks bounds and overlaps. Two insertions at the same offset overlap
// (their order would be arbitrary) unless identical; an insertion at the
// start or end of a replacement does not.
func normalize(file string, size int, edits []labelled) ([]vetjson.Edit, error) {
	for _, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > size {
			return nil, fmt.Errorf("%s: %s edits bytes [%d,%d) outside the file (%d bytes): was it changed since the analysis?", file, e.label, e.Start, e.End, size)
		}
	}
	slices.SortStableFunc(edits, func(a, b labelled) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), strings.Compare(a.New, b.New))
	})
	var out []vetjson.Edit
	var last labelled // the kept edit that ends last
	for i, e := range edits {
		if i > 0 {
			prev := edits[i-1]
			if e.Start == prev.Start && e.End == prev.End && e.New == prev.New {
				continue // duplicate
			}
			insertions := e.Start == e.End && prev.Start == prev.End && e.Start == prev.Start
			if e.Start < last.End || insertions {
				other := last
				if insertions {
					other = prev
				}
				return nil, &ConflictError{File: file, A: other.Edit, B: e.Edit, LA: other.label, LB: e.label}
			}
		}
		out = append(out, e.Edit)
		if i == 0 || e.End >= last.End {
			last = e
		}
	}
	return out, nil
}

// apply applies sorted, non-overlapping edits.
func apply(content []byte, edits []vetjson.Edit) []byte {
	var b bytes.Buffer
	pos := 0
	for _, e := range edits {
		b.Write(content[pos:e.Start])
		b.WriteString(e.New)
		pos = e.End
	}
	b.Write(content[pos:])
	return b.Bytes()
}

// Write writes the change's new content to its file, keeping the file's
// permissions.
func (c Change) Write() error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(c.File); err == nil {
		mode = fi.Mode().Perm()
	}
	return os.WriteFile(c.File, c.New, mode)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
