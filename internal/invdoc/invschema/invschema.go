// Package invschema holds the JSON schema of the inventory document
// (internal/invdoc) and checks documents against it. It is a package of
// its own so that the analysis binary does not link a schema validator it
// never runs: the tests validate what the binary prints.
package invschema

import (
	_ "embed"

	"github.com/fencecheck/fencecheck/internal/jsonschemacheck"
)

// SchemaJSON is the JSON schema of the document (draft 2020-12).
//
//go:embed schema.json
var SchemaJSON []byte

// schema is the compiled schema of the document.
var schema = &jsonschemacheck.Schema{
	Name: "inventory",
	URL:  "https://github.com/fencecheck/fencecheck/internal/invdoc/schema.json",
	JSON: SchemaJSON,
}

// Validate checks a JSON document against the schema; the error lists
// every violation.
func Validate(data []byte) error { return schema.Validate(data) }
