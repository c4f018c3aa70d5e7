package driver

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Packages loads the packages with go/packages and runs the analyzers with
// x/tools' checker in this process, on the packages that load: a package
// with an error, or whose dependency has one, is reported in Run.Failed
// with the first error (a go list error before a type error, its own
// before a dependency's). The error is for a load that failed as a
// whole, or an analysis that could not start.
func Packages(analyzers []*analysis.Analyzer, opts Options) (*Run, error) {
	cfg := &packages.Config{
		// The embed files, so that an embed pattern that matches no
		// file is an error, as for go build and go vet.
		// The module of each package, as go vet gives it to analyzers
		// (Pass.Module).
		Mode:  packages.LoadAllSyntax | packages.NeedEmbedFiles | packages.NeedModule,
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
	dir := opts.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	failed := packageFailures(pkgs, dir)
	var good []*packages.Package
	bases := make(map[string]bool)
	for _, p := range pkgs {
		base := packageBase(p)
		if base == "" {
			continue
		}
		bases[base] = true
		if _, bad := failed[base]; !bad {
			good = append(good, p)
		}
	}
	run := &Run{Tree: make(vetjson.Tree)}
	if len(good) > 0 {
		graph, err := checker.Analyze(analyzers, good, &checker.Options{SanityCheck: opts.SanityCheck})
		if err != nil && graph == nil {
			return nil, err
		}
		for _, act := range graph.Roots {
			id := act.Package.ID
			if run.Tree[id] == nil {
				run.Tree[id] = make(map[string]vetjson.Result)
			}
			res := vetjson.Result{}
			if act.Err != nil {
				res.Error = act.Err.Error()
			} else {
				for _, d := range act.Diagnostics {
					res.Diagnostics = append(res.Diagnostics, convert(act.Package.Fset, d))
				}
			}
			run.Tree[id][act.Analyzer.Name] = res
		}
	}
	run.addFailures(failed)
	if len(failed) > 0 {
		run.Analysed = len(bases) - len(failed)
	}
	return run, nil
}

// packageBase is the import path of the package p is a variant of (see
// listed.base), or "" for a test binary's generated main package.
func packageBase(p *packages.Package) string {
	if p.Name == "main" && strings.HasSuffix(p.ID, ".test") && !strings.Contains(p.ID, " [") {
		return ""
	}
	path := stripVariant(p.ID)
	if strings.HasSuffix(p.PkgPath, "_test") && strings.Contains(p.ID, " [") {
		// An external test package, x_test [x.test].
		return strings.TrimSuffix(p.ID[strings.Index(p.ID, " [")+2:len(p.ID)-1], ".test")
	}
	return path
}

// packageFailures maps the import path of each root package (a package
// and its test variants once) that does not load, or whose dependency
// does not, to its first error.
func packageFailures(roots []*packages.Package, dir string) map[string]string {
	failed := make(map[string]string)
	for _, p := range roots {
		base := packageBase(p)
		if _, ok := failed[base]; ok || base == "" {
			continue
		}
		if msg := firstError(p, base, dir); msg != "" {
			failed[base] = msg
		}
	}
	return failed
}

// firstError returns the first error of p or its dependencies, "" if
// none: the go list errors first (they are the cause of the type errors
// they bring), p's own before its dependencies' (in depth-first order of
// their import paths). Positions are relative to dir when in it, as the go
// command prints them.
func firstError(p *packages.Package, base, dir string) string {
	var order []*packages.Package
	seen := make(map[*packages.Package]bool)
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		if seen[q] {
			return
		}
		seen[q] = true
		order = append(order, q)
		paths := make([]string, 0, len(q.Imports))
		for path := range q.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			visit(q.Imports[path])
		}
	}
	visit(p)
	for _, kind := range []packages.ErrorKind{packages.ListError, packages.UnknownError, packages.ParseError, packages.TypeError} {
		for _, q := range order {
			for _, e := range q.Errors {
				if e.Kind != kind {
					continue
				}
				msg := oneLine(e.Msg)
				if e.Pos != "" {
					msg = relPos(dir, e.Pos) + ": " + msg
				}
				// A package no module provides has no files: the error is
				// its importer's.
				if q == p || len(q.GoFiles)+len(q.CompiledGoFiles) == 0 || packageBase(q) == base {
					return msg
				}
				if kind == packages.ListError {
					return fmt.Sprintf("its dependency %s does not load: %s", q.PkgPath, msg)
				}
				return fmt.Sprintf("its dependency %s does not build: %s", q.PkgPath, msg)
			}
		}
	}
	if p.IllTyped {
		return "does not type-check"
	}
	return ""
}

// relPos makes the file of a file:line:col position relative to dir when
// it is in dir.
func relPos(dir, pos string) string {
	file, line, col := vetjson.SplitPosn(pos)
	if line == 0 || dir == "" || !filepath.IsAbs(file) {
		return pos
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return pos
	}
	if col == 0 {
		return fmt.Sprintf("%s:%d", rel, line)
	}
	return fmt.Sprintf("%s:%d:%d", rel, line, col)
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
