// Package sarifcheck checks a SARIF log against the properties SARIF 2.1.0
// and GitHub code scanning require. Tests use it on fencecheck's output.
package sarifcheck

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/fencecheck/fencecheck/internal/jsonschemacheck"
)

// schemaJSON is the SARIF 2.1.0 JSON schema (the OASIS standard's schema,
// as SchemaStore publishes it: sarif-2.1.0-rtm.5.json).
//
//go:embed testdata/sarif-schema-2.1.0.json
var schemaJSON []byte

// schema is the compiled SARIF schema.
var schema = &jsonschemacheck.Schema{
	Name:         "SARIF 2.1.0",
	URL:          "https://json.schemastore.org/sarif-2.1.0.json",
	JSON:         schemaJSON,
	AssertFormat: true,
}

// Schema validates a SARIF log against the SARIF 2.1.0 JSON schema, with
// format assertions (URIs, dates) on. The error lists every violation.
func Schema(data []byte) error { return schema.Validate(data) }

// Check decodes a SARIF log and returns it with the problems found:
// $schema, version 2.1.0 and runs present; per run tool.driver.name, rules
// and results; per rule a unique id, shortDescription.text,
// fullDescription.text and help.text, all non-empty, and a valid default
// level; per result a ruleId naming a rule (and a ruleIndex pointing at
// it), a valid level, message.text, 1 to 10 locations with an artifact URI
// and a region whose lines and columns are 1-based and ordered; every
// uriBaseId defined with a URI ending in "/" and used only with relative
// URIs; related locations with unique ids. The log is nil if data is not
// a JSON object. Before these, the log is validated against the SARIF
// 2.1.0 JSON schema (see Schema); each violation is a problem.
func Check(data []byte) (map[string]any, []string) {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, []string{fmt.Sprintf("SARIF is not a JSON object: %v", err)}
	}
	c := new(checker)
	if err := Schema(data); err != nil {
		c.errorf("%v", err)
	}
	c.nonEmpty("$schema", doc["$schema"])
	if doc["version"] != "2.1.0" {
		c.errorf("version = %v, want 2.1.0", doc["version"])
	}
	runs, ok := doc["runs"].([]any)
	if !ok || len(runs) == 0 {
		c.errorf("runs: %v", doc["runs"])
	}
	for i, r := range runs {
		c.run(fmt.Sprintf("runs[%d]", i), obj(r))
	}
	return doc, c.problems
}

type checker struct {
	problems []string
}

func (c *checker) errorf(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

// obj returns v as a JSON object, or an empty one.
func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	if m == nil {
		return map[string]any{}
	}
	return m
}

func (c *checker) nonEmpty(what string, v any) {
	if s, ok := v.(string); !ok || s == "" {
		c.errorf("%s: want a non-empty string, got %v", what, v)
	}
}

func (c *checker) text(what string, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		c.errorf("%s: missing", what)
		return
	}
	c.nonEmpty(what+".text", m["text"])
}

func validLevel(v any) bool {
	switch v {
	case "none", "note", "warning", "error":
		return true
	}
	return false
}

func (c *checker) run(what string, run map[string]any) {
	driver := obj(obj(run["tool"])["driver"])
	c.nonEmpty(what+".tool.driver.name", driver["name"])
	rules, ok := driver["rules"].([]any)
	if !ok {
		c.errorf("%s.tool.driver.rules missing", what)
	}
	ruleIDs := map[string]int{}
	for j, x := range rules {
		rule := obj(x)
		id, _ := rule["id"].(string)
		c.nonEmpty(fmt.Sprintf("%s.rules[%d].id", what, j), id)
		if _, dup := ruleIDs[id]; dup {
			c.errorf("%s: duplicate rule %s", what, id)
		}
		ruleIDs[id] = j
		c.text("rule "+id+".shortDescription", rule["shortDescription"])
		c.text("rule "+id+".fullDescription", rule["fullDescription"])
		c.text("rule "+id+".help", rule["help"])
		if dc, ok := rule["defaultConfiguration"]; ok && !validLevel(obj(dc)["level"]) {
			c.errorf("rule %s: level %v", id, obj(dc)["level"])
		}
	}
	switch run["columnKind"] {
	case nil, "utf16CodeUnits", "unicodeCodePoints":
	default:
		c.errorf("%s: columnKind %v", what, run["columnKind"])
	}
	bases := obj(run["originalUriBaseIds"])
	results, ok := run["results"].([]any)
	if !ok {
		c.errorf("%s.results missing", what)
	}
	for j, x := range results {
		res := obj(x)
		rw := fmt.Sprintf("%s.results[%d]", what, j)
		id, _ := res["ruleId"].(string)
		idx, known := ruleIDs[id]
		if !known {
			c.errorf("%s: ruleId %q not among the rules", rw, id)
		} else if ri, ok := res["ruleIndex"].(float64); ok && int(ri) != idx {
			c.errorf("%s: ruleIndex %v, rule %s is at %d", rw, ri, id, idx)
		}
		if lvl, ok := res["level"]; ok && !validLevel(lvl) {
			c.errorf("%s: level %v", rw, lvl)
		}
		c.text(rw+".message", res["message"])
		locs, _ := res["locations"].([]any)
		if len(locs) < 1 || len(locs) > 10 {
			c.errorf("%s: %d locations, want 1 to 10", rw, len(locs))
		}
		for k, l := range locs {
			c.location(fmt.Sprintf("%s.locations[%d]", rw, k), obj(l), bases)
		}
		seen := map[float64]bool{}
		rels, _ := res["relatedLocations"].([]any)
		for k, l := range rels {
			id, _ := obj(l)["id"].(float64)
			if seen[id] {
				c.errorf("%s: duplicate related location id %v", rw, id)
			}
			seen[id] = true
			c.location(fmt.Sprintf("%s.relatedLocations[%d]", rw, k), obj(l), bases)
		}
	}
}

func (c *checker) location(what string, loc, bases map[string]any) {
	pl, ok := loc["physicalLocation"].(map[string]any)
	if !ok {
		c.errorf("%s: no physicalLocation", what)
		return
	}
	art := obj(pl["artifactLocation"])
	c.nonEmpty(what+".artifactLocation.uri", art["uri"])
	uri, _ := art["uri"].(string)
	if b, ok := art["uriBaseId"].(string); ok {
		base, _ := obj(bases[b])["uri"].(string)
		if !strings.HasSuffix(base, "/") {
			c.errorf("%s: uriBaseId %s not defined with a URI ending in /", what, b)
		}
		if strings.Contains(uri, ":") || strings.HasPrefix(uri, "/") {
			c.errorf("%s: URI %q with a uriBaseId is not relative", what, uri)
		}
	} else if !strings.HasPrefix(uri, "file://") {
		c.errorf("%s: URI %q without a uriBaseId is not an absolute file URI", what, uri)
	}
	reg, ok := pl["region"].(map[string]any)
	if !ok {
		return
	}
	num := func(k string) float64 { f, _ := reg[k].(float64); return f }
	has := func(k string) bool { _, ok := reg[k]; return ok }
	if num("startLine") < 1 {
		c.errorf("%s: startLine %v", what, reg["startLine"])
	}
	if has("startColumn") && num("startColumn") < 1 {
		c.errorf("%s: startColumn %v", what, reg["startColumn"])
	}
	if has("endLine") && num("endLine") < num("startLine") {
		c.errorf("%s: endLine before startLine: %v", what, reg)
	}
	if has("endColumn") && (!has("endLine") || num("endLine") == num("startLine")) && num("endColumn") <= num("startColumn") {
		c.errorf("%s: endColumn not after startColumn: %v", what, reg)
	}
}
