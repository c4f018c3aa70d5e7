package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/driver"
	"github.com/fencecheck/fencecheck/internal/fix"
	"github.com/fencecheck/fencecheck/internal/report"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// informationURI is fencecheck's home page, for SARIF.
const informationURI = "https://github.com/fencecheck/fencecheck"

// report handles the results of a run as the output flags ask: baseline,
// fixes, then the findings in the chosen format. It returns the exit code:
//
//   - 1 if anything failed: the analysis (runErr, or an analyzer's error
//     in the tree), reading or writing the baseline, applying a fix, or
//     writing the output;
//   - otherwise 3 if there are findings to report (with -baseline: new
//     ones; with -fix: ones left unfixed; with -diff: any), except with
//     -format=json, which, like go vet -json, exits 0;
//   - otherwise 0, and always 0 after -write-baseline succeeds.
func (o *outputFlags) report(suite []*analysis.Analyzer, run *driver.Run, runErr error, stdout, stderr io.Writer) int {
	tree := run.Tree
	code := exitClean
	var errs []string
	if runErr != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", runErr)
		errs = append(errs, runErr.Error())
		code = exitError
	}
	for _, f := range run.Failed {
		e := f.Package + ": not analysed: " + f.Err
		fmt.Fprintf(stderr, "fencecheck: %s\n", e)
		errs = append(errs, e)
		code = exitError
	}
	if len(run.Failed) > 0 {
		fmt.Fprintf(stderr, "fencecheck: %s not analysed (above): any findings in %s are missing; %s analysed\n",
			plural(len(run.Failed), "package"), pronoun(len(run.Failed)), plural(run.Analysed, "other"))
	}
	for _, e := range analysisErrors(tree, run.Failed) {
		fmt.Fprintf(stderr, "fencecheck: %s\n", e)
		errs = append(errs, e)
		code = exitError
	}
	root, err := filepath.Abs(o.root) // "" is the current directory
	if err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return exitError
	}
	files := report.NewFiles(root)
	findings := tree.Findings()

	if o.writeBaseline != "" {
		if code != exitClean {
			fmt.Fprintf(stderr, "fencecheck: not writing %s: the analysis failed\n", o.writeBaseline)
			return exitError
		}
		b := report.NewBaseline(findings, baselineFiles(o.writeBaseline))
		var buf bytes.Buffer
		if err := b.Write(&buf); err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		if err := writeFileAtomic(o.writeBaseline, buf.Bytes()); err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		fmt.Fprintf(stderr, "fencecheck: wrote %d findings to %s\n", b.Len(), o.writeBaseline)
		return exitClean
	}

	if o.baseline != "" {
		f, err := os.Open(o.baseline)
		if err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		b, err := report.ReadBaseline(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "fencecheck: %s: %v\n", o.baseline, err)
			return exitError
		}
		var gone []report.Entry
		findings, gone = b.Filter(findings, baselineFiles(o.baseline))
		if n := countEntries(gone); n > 0 && code == exitClean {
			fmt.Fprintf(stderr, "fencecheck: %d findings of %s no longer occur; run with -write-baseline %s to drop them\n", n, o.baseline, o.baseline)
		}
		tree = keepOnly(tree, findings)
	}

	w := stdout
	var outFile *os.File
	if o.output != "" {
		outFile, err = os.Create(o.output)
		if err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			return exitError
		}
		w = outFile
	}
	closeOut := func(code int) int {
		if outFile != nil {
			if err := outFile.Close(); err != nil {
				fmt.Fprintf(stderr, "fencecheck: %v\n", err)
				return exitError
			}
		}
		return code
	}

	if o.fix || o.diff {
		fixed, ok := o.applyFixes(w, findings, stderr)
		if !ok {
			code = exitError
		}
		if o.diff {
			if code == exitClean && len(findings) > 0 {
				code = exitFindings
			}
			return closeOut(code)
		}
		findings = remove(findings, fixed)
		tree = keepOnly(tree, findings)
	}

	var werr error
	switch o.format {
	case "json":
		werr = writeJSON(w, tree)
	case "sarif":
		werr = report.WriteSARIF(w, findings, report.SARIFOptions{
			Files:          files,
			Rules:          rules(suite),
			ToolVersion:    version(),
			InformationURI: informationURI,
			Errors:         errs,
			Baseline:       o.baseline != "",
		})
	case "github":
		werr = report.WriteGitHub(w, findings, errs, files)
	default:
		writeText(w, findings, o.verbose)
	}
	if werr != nil {
		fmt.Fprintf(stderr, "fencecheck: writing output: %v\n", werr)
		code = exitError
	}
	if code == exitClean && len(findings) > 0 && o.format != "json" {
		code = exitFindings
	}
	return closeOut(code)
}

// analysisErrors is tree.Errors() without the errors that record the
// failed packages, which are reported on their own.
func analysisErrors(tree vetjson.Tree, failed []driver.Failure) []string {
	if len(failed) == 0 {
		return tree.Errors()
	}
	rest := make(vetjson.Tree, len(tree))
	for id, results := range tree {
		rest[id] = results
	}
	for _, f := range failed {
		if results, ok := rest[f.Package]; ok {
			others := make(map[string]vetjson.Result, len(results))
			for name, res := range results {
				if name != driver.LoadError || res.Error != f.Err {
					others[name] = res
				}
			}
			rest[f.Package] = others
		}
	}
	return rest.Errors()
}

// plural returns "1 package", "2 packages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pronoun returns "it" for one, "them" for more.
func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// applyFixes applies (or, with -diff, prints to w) the first suggested fix
// of each finding. It returns the findings whose fix was applied, and
// false if a fix could not be applied; files with conflicting fixes are
// left unchanged.
func (o *outputFlags) applyFixes(w io.Writer, findings []vetjson.Finding, stderr io.Writer) (fixed map[int]bool, ok bool) {
	wd, _ := os.Getwd()
	var fixes []fix.Fix
	var owners []int // index of the finding of each fix
	for i, f := range findings {
		if len(f.SuggestedFixes) == 0 || len(f.SuggestedFixes[0].Edits) == 0 {
			continue
		}
		sf := f.SuggestedFixes[0]
		fixes = append(fixes, fix.Fix{Label: fmt.Sprintf("fix %q of %s", sf.Message, relPosn(wd, f.Posn)), Edits: sf.Edits})
		owners = append(owners, i)
	}
	changes, errs := fix.Plan(fixes)
	ok = len(errs) == 0
	for _, err := range errs {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
	}
	changed := make(map[string]bool)
	for _, c := range changes {
		if o.diff {
			name, _ := report.NewFiles(wd).Rel(c.File)
			if _, err := io.WriteString(w, c.Diff(name)); err != nil {
				fmt.Fprintf(stderr, "fencecheck: %v\n", err)
				ok = false
			}
			continue
		}
		if err := c.Write(); err != nil {
			fmt.Fprintf(stderr, "fencecheck: %v\n", err)
			ok = false
			continue
		}
		changed[c.File] = true
	}
	fixed = make(map[int]bool)
	for j, fx := range fixes {
		all := true
		for _, e := range fx.Edits {
			all = all && changed[e.Filename]
		}
		if all {
			fixed[owners[j]] = true
		}
	}
	return fixed, ok
}

// baselineFiles resolves paths for a baseline file: relative to the
// directory it is in, so that it matches wherever fencecheck runs.
func baselineFiles(path string) *report.Files {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return report.NewFiles(filepath.Dir(abs))
}

// remove returns the findings whose index is not in drop.
func remove(findings []vetjson.Finding, drop map[int]bool) []vetjson.Finding {
	var out []vetjson.Finding
	for i, f := range findings {
		if !drop[i] {
			out = append(out, f)
		}
	}
	return out
}

// keepOnly returns the tree with only the given findings' diagnostics (and
// every error).
func keepOnly(tree vetjson.Tree, findings []vetjson.Finding) vetjson.Tree {
	keep := make(map[string]bool, len(findings))
	key := func(analyzer string, d vetjson.Diagnostic) string {
		return analyzer + "\x00" + d.Posn + "\x00" + d.Message
	}
	for _, f := range findings {
		keep[key(f.Analyzer, f.Diagnostic)] = true
	}
	out := make(vetjson.Tree, len(tree))
	for id, results := range tree {
		out[id] = make(map[string]vetjson.Result, len(results))
		for name, res := range results {
			r := vetjson.Result{Error: res.Error}
			for _, d := range res.Diagnostics {
				if keep[key(name, d)] {
					r.Diagnostics = append(r.Diagnostics, d)
				}
			}
			out[id][name] = r
		}
	}
	return out
}

// rules describes the suite's analyzers for SARIF: the root analyzer's
// findings (malformed directives) are warnings, the rules' are errors.
func rules(suite []*analysis.Analyzer) []report.Rule {
	var out []report.Rule
	for i, a := range suite {
		level := "error"
		if i == 0 {
			level = "warning"
		}
		out = append(out, report.Rule{ID: a.Name, Doc: a.Doc, URL: a.URL, Level: level})
	}
	return out
}

// version returns the module version the binary was built from, or "".
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return ""
	}
	return bi.Main.Version
}

// countEntries adds up the entries' counts.
func countEntries(es []report.Entry) int {
	n := 0
	for _, e := range es {
		n += e.Count
	}
	return n
}

// writeFileAtomic writes data to a temporary file next to path and
// renames it over path.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fencecheck-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
