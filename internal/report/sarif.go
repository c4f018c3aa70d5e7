package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// SARIF 2.1.0 constants.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	// SrcRoot is the uriBaseId of every artifact below the root.
	SrcRoot = "%SRCROOT%"
)

// Rule describes one rule (one analyzer) for SARIF's rules array.
type Rule struct {
	// ID is the analyzer's name; results refer to it.
	ID string
	// Doc is the analyzer's documentation. Its first line, in the form
	// "name: summary", gives the short description.
	Doc string
	// URL is the rule's documentation page.
	URL string
	// Level is the SARIF level of its results: "error", "warning" or
	// "note"; "" means "error".
	Level string
}

// SARIFOptions configures WriteSARIF.
type SARIFOptions struct {
	// Files resolves paths and columns; its root is %SRCROOT%.
	Files *Files
	// Rules lists the rules, in the order the rules array shows them. A
	// finding of an analyzer not listed gets a rule entry of its own,
	// after them.
	Rules []Rule
	// ToolVersion is fencecheck's version, if known.
	ToolVersion string
	// InformationURI is the tool's home page.
	InformationURI string
	// Errors are analysis errors; they become tool execution
	// notifications and make the run unsuccessful.
	Errors []string
	// Baseline marks the results as new relative to a baseline
	// (baselineState "new").
	Baseline bool
}

// The SARIF objects fencecheck writes (a subset of SARIF 2.1.0).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		Invocations        []sarifInvocation           `json:"invocations"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                      `json:"columnKind"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version,omitempty"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri,omitempty"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string          `json:"id"`
		Name                 string          `json:"name"`
		ShortDescription     sarifText       `json:"shortDescription"`
		FullDescription      sarifText       `json:"fullDescription"`
		Help                 sarifHelp       `json:"help"`
		HelpURI              string          `json:"helpUri,omitempty"`
		DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
		Properties           map[string]any  `json:"properties,omitempty"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string    `json:"level"`
		Message sarifText `json:"message"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifText       `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
		CodeFlows        []sarifCodeFlow `json:"codeFlows,omitempty"`
		BaselineState    string          `json:"baselineState,omitempty"`
	}
	sarifCodeFlow struct {
		ThreadFlows []sarifThreadFlow `json:"threadFlows"`
	}
	sarifThreadFlow struct {
		Locations []sarifThreadFlowLocation `json:"locations"`
	}
	sarifThreadFlowLocation struct {
		Location       sarifLocation `json:"location"`
		ExecutionOrder int           `json:"executionOrder"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifText    `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)

// WriteSARIF writes findings as one SARIF 2.1.0 run for GitHub code
// scanning and other SARIF consumers.
//
// The rules array has one entry per rule, in the given order, with the
// rule's documentation page as helpUri. Results keep the findings' order.
// Artifact URIs are relative to the root of opts.Files with uriBaseId
// %SRCROOT% (files outside it get absolute file URIs). Columns are in
// UTF-16 code units, SARIF's default columnKind, converted from go/token's
// byte columns by reading the lines; a region's endColumn is the column
// after its last character, which is what go/token's end positions are. A
// diagnostic without an end has a region of its start alone.
//
// A finding's path (see Steps: where the lease was taken, the calls on the
// way, where the token came from or the check was made, and the write)
// becomes a code flow with one thread flow whose locations are the steps
// in order, the write last; GitHub code scanning shows it under "Show
// paths". The steps before the write are also relatedLocations, with ids
// 1, 2, … in the same order. A finding with no related positions (a
// malformed directive) has no code flow.
//
// Partial fingerprints are left to the uploader (github/codeql-action
// computes them from the source).
func WriteSARIF(w io.Writer, findings []vetjson.Finding, opts SARIFOptions) error {
	files := opts.Files
	rules := append([]Rule(nil), opts.Rules...)
	index := make(map[string]int)
	for i, r := range rules {
		index[r.ID] = i
	}
	for _, f := range findings {
		if _, ok := index[f.Analyzer]; !ok {
			index[f.Analyzer] = len(rules)
			rules = append(rules, Rule{ID: f.Analyzer})
		}
	}

	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "fencecheck",
			Version:        opts.ToolVersion,
			InformationURI: opts.InformationURI,
			Rules:          make([]sarifRule, 0, len(rules)),
		}},
		ColumnKind: "utf16CodeUnits",
		Results:    make([]sarifResult, 0, len(findings)),
	}
	if v := strings.TrimPrefix(opts.ToolVersion, "v"); v != opts.ToolVersion && isSemver(v) {
		run.Tool.Driver.SemanticVersion = v
	}
	root := filepath.ToSlash(files.Root())
	if !strings.HasSuffix(root, "/") {
		root += "/"
	}
	run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{SrcRoot: {URI: fileURI(root)}}

	inv := sarifInvocation{ExecutionSuccessful: len(opts.Errors) == 0}
	for _, e := range opts.Errors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarifNotification{Level: "error", Message: sarifText{Text: e}})
	}
	run.Invocations = []sarifInvocation{inv}

	for _, r := range rules {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(r))
	}
	for _, f := range findings {
		i := index[f.Analyzer]
		res := sarifResult{
			RuleID:    f.Analyzer,
			RuleIndex: i,
			Level:     run.Tool.Driver.Rules[i].DefaultConfiguration.Level,
			Message:   sarifText{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: physical(files, f.Posn, f.End)}},
		}
		for j, rel := range f.Related {
			id := j + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               &id,
				PhysicalLocation: physical(files, rel.Posn, rel.End),
				Message:          &sarifText{Text: rel.Message},
			})
		}
		if len(f.Related) > 0 {
			res.CodeFlows = []sarifCodeFlow{codeFlow(files, f)}
		}
		if opts.Baseline {
			res.BaselineState = "new"
		}
		run.Results = append(run.Results, res)
	}

	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// codeFlow returns the code flow of a finding's path: one thread flow
// whose locations are the steps, numbered in execution order.
func codeFlow(files *Files, f vetjson.Finding) sarifCodeFlow {
	steps := Steps(f)
	tf := sarifThreadFlow{Locations: make([]sarifThreadFlowLocation, 0, len(steps))}
	for i, s := range steps {
		tf.Locations = append(tf.Locations, sarifThreadFlowLocation{
			Location: sarifLocation{
				PhysicalLocation: physical(files, s.Posn, s.End),
				Message:          &sarifText{Text: s.Message},
			},
			ExecutionOrder: i + 1,
		})
	}
	return sarifCodeFlow{ThreadFlows: []sarifThreadFlow{tf}}
}

// sarifRuleOf builds a rule's reportingDescriptor. Every text field
// GitHub requires is non-empty.
func sarifRuleOf(r Rule) sarifRule {
	doc := strings.TrimSpace(r.Doc)
	short, full := summary(r.ID, doc), doc
	if short == "" {
		short = r.ID
	}
	if full == "" {
		full = short
	}
	help := full
	md := full
	if r.URL != "" {
		help += "\n\nDocumentation: " + r.URL
		md += "\n\n[Documentation](" + r.URL + ")"
	}
	level := r.Level
	if level == "" {
		level = "error"
	}
	return sarifRule{
		ID:                   r.ID,
		Name:                 r.ID,
		ShortDescription:     sarifText{Text: short},
		FullDescription:      sarifText{Text: full},
		Help:                 sarifHelp{Text: help, Markdown: md},
		HelpURI:              r.URL,
		DefaultConfiguration: sarifRuleConfig{Level: level},
		Properties:           map[string]any{"tags": []string{"concurrency", "correctness"}, "precision": "high"},
	}
}

// summary returns the first line of an analyzer's doc without its
// "name: " prefix.
func summary(name, doc string) string {
	first, _, _ := strings.Cut(doc, "\n")
	first = strings.TrimSpace(first)
	return strings.TrimSpace(strings.TrimPrefix(first, name+":"))
}

// physical converts a file:line:col position and its end to a SARIF
// physical location.
func physical(files *Files, posn, end string) sarifPhysical {
	file, line, col := vetjson.SplitPosn(posn)
	var p sarifPhysical
	if rel, ok := files.Rel(file); ok {
		p.ArtifactLocation = sarifArtifactLoc{URI: escapePath(rel), URIBaseID: SrcRoot}
	} else {
		p.ArtifactLocation = sarifArtifactLoc{URI: fileURI(rel)}
	}
	if line < 1 {
		return p
	}
	r := &sarifRegion{StartLine: line}
	if col >= 1 {
		r.StartColumn = files.UTF16Column(file, line, col)
	}
	if efile, eline, ecol := vetjson.SplitPosn(end); end != "" && end != posn && efile == file && eline >= line && ecol >= 1 && col >= 1 {
		r.EndLine = eline
		r.EndColumn = files.UTF16Column(file, eline, ecol)
		if eline == line && r.EndColumn <= r.StartColumn {
			r.EndLine, r.EndColumn = 0, 0
		}
	}
	p.Region = r
	return p
}

// escapePath percent-encodes a slash-separated relative path for use as a
// URI reference.
func escapePath(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}

// fileURI returns the file URI of an absolute slash-separated path.
func fileURI(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows drive letters: file:///C:/…
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// isSemver reports whether v looks like MAJOR.MINOR.PATCH[-pre][+build].
func isSemver(v string) bool {
	core, _, _ := strings.Cut(v, "+")
	core, _, _ = strings.Cut(core, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}
