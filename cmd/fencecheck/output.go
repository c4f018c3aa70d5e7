package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fencecheck/fencecheck/internal/report"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// writeText prints one line per finding, as go vet does: the position
// (relative to the current directory when below it), the message, and the
// rule in parentheses. With verbose, the finding's path follows, a step a
// line, indented by four spaces: file:line (relative as the finding's)
// and what happens there, the write last.
func writeText(w io.Writer, findings []vetjson.Finding, verbose bool) {
	wd, _ := os.Getwd()
	for _, f := range findings {
		fmt.Fprintf(w, "%s: %s (%s)\n", relPosn(wd, f.Posn), f.Message, f.Analyzer)
		if !verbose || len(f.Related) == 0 {
			continue
		}
		for _, s := range report.Steps(f) {
			fmt.Fprintf(w, "    %s: %s\n", relLine(wd, s.Posn), s.Message)
		}
	}
}

// relLine is relPosn without the column.
func relLine(wd, posn string) string {
	file, line, _ := vetjson.SplitPosn(posn)
	if line == 0 {
		return posn
	}
	return relPosn(wd, fmt.Sprintf("%s:%d", file, line))
}

// relPosn shortens an absolute file:line:col to a path relative to wd.
func relPosn(wd, posn string) string {
	file, line, col := vetjson.SplitPosn(posn)
	if wd != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(wd, file); err == nil && !filepath.IsAbs(rel) && len(rel) > 0 && rel[0] != '.' {
			file = rel
		}
	}
	if line == 0 {
		return posn
	}
	if col == 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// writeJSON prints the tree as one JSON object, as go vet -json does.
func writeJSON(w io.Writer, tree vetjson.Tree) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}
