// Package driver runs analyzers over packages named by patterns and returns
// the results as a go vet JSON tree. It has two back ends: one that runs
// "go vet -vettool" on the running binary (package by package, facts in
// files, results cached by the go command), and one that loads every
// package in one process with go/packages and x/tools' checker.
package driver

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Options configures a run.
type Options struct {
	// Dir is the directory the patterns are relative to; "" for the
	// current directory.
	Dir string
	// Patterns name the packages, as for go build.
	Patterns []string
	// Tests includes test files.
	Tests bool
	// Tags are build tags.
	Tags string
	// SanityCheck makes the packages back end check that every fact
	// encodes and decodes, deterministically (x/tools checker's
	// SanityCheck); the vet back end ignores it.
	SanityCheck bool
}

// Vet runs go vet -vettool=tool -json with the given tool flags and
// returns the merged tree. The go command type-checks and analyses each
// package in its own process and caches the results.
func Vet(tool string, toolFlags []string, opts Options) (vetjson.Tree, error) {
	args := []string{"vet", "-vettool=" + tool, "-json"}
	if opts.Tags != "" {
		args = append(args, "-tags="+opts.Tags)
	}
	args = append(args, toolFlags...)
	args = append(args, opts.Patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = opts.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	tree, decodeErr := vetjson.Decode(&stdout)
	if runErr != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = runErr.Error()
		}
		return tree, fmt.Errorf("go vet failed:\n%s", msg)
	}
	if decodeErr != nil {
		return tree, decodeErr
	}
	return tree, nil
}

// Packages loads the packages with go/packages and runs the analyzers with
// x/tools' checker in this process.
func Packages(analyzers []*analysis.Analyzer, opts Options) (vetjson.Tree, error) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: opts.Tests,
		Dir:   opts.Dir,
		Env:   os.Environ(),
	}
	if opts.Tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.Tags}
	}
	pkgs, err := packages.Load(cfg, opts.Patterns...)
	if err != nil {
		return nil, err
	}
	var loadErrs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			loadErrs = append(loadErrs, e.Error())
		}
	})
	if len(loadErrs) > 0 {
		return nil, fmt.Errorf("loading packages:\n%s", strings.Join(loadErrs, "\n"))
	}
	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{SanityCheck: opts.SanityCheck})
	if err != nil && graph == nil {
		return nil, err
	}
	tree := make(vetjson.Tree)
	for _, act := range graph.Roots {
		id := act.Package.ID
		if tree[id] == nil {
			tree[id] = make(map[string]vetjson.Result)
		}
		res := vetjson.Result{}
		if act.Err != nil {
			res.Error = act.Err.Error()
		} else {
			for _, d := range act.Diagnostics {
				res.Diagnostics = append(res.Diagnostics, convert(act.Package.Fset, d))
			}
			sortByPosition(res.Diagnostics)
		}
		tree[id][act.Analyzer.Name] = res
	}
	return tree, nil
}

// sortByPosition orders a package's diagnostics by file, line and column,
// as go vet prints them: go/packages parses the files of a package in
// parallel, so the order of their token positions changes from run to run.
func sortByPosition(ds []vetjson.Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		fi, li, ci := vetjson.SplitPosn(ds[i].Posn)
		fj, lj, cj := vetjson.SplitPosn(ds[j].Posn)
		if fi != fj {
			return fi < fj
		}
		if li != lj {
			return li < lj
		}
		return ci < cj
	})
}

// convert turns a diagnostic into its JSON form, as go vet prints it.
func convert(fset *token.FileSet, d analysis.Diagnostic) vetjson.Diagnostic {
	posn := func(p token.Pos) string { return fset.Position(p).String() }
	end := func(start, end token.Pos) string {
		if end.IsValid() {
			return posn(end)
		}
		return posn(start)
	}
	out := vetjson.Diagnostic{
		Category: d.Category,
		Posn:     posn(d.Pos),
		End:      end(d.Pos, d.End),
		Message:  d.Message,
	}
	for _, r := range d.Related {
		out.Related = append(out.Related, vetjson.RelatedMessage{Posn: posn(r.Pos), End: end(r.Pos, r.End), Message: r.Message})
	}
	for _, f := range d.SuggestedFixes {
		fix := vetjson.SuggestedFix{Message: f.Message}
		for _, e := range f.TextEdits {
			file := fset.File(e.Pos)
			if file == nil {
				continue
			}
			endPos := e.End
			if !endPos.IsValid() {
				endPos = e.Pos
			}
			fix.Edits = append(fix.Edits, vetjson.Edit{
				Filename: file.Name(),
				Start:    file.Offset(e.Pos),
				End:      file.Offset(endPos),
				New:      string(e.NewText),
			})
		}
		out.SuggestedFixes = append(out.SuggestedFixes, fix)
	}
	return out
}
