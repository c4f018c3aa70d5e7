package invdoc

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaJSON is the JSON schema of the document (draft 2020-12).
//
//go:embed schema.json
var SchemaJSON []byte

// schemaURL names the schema resource: its $id.
const schemaURL = "https://github.com/fencecheck/fencecheck/internal/invdoc/schema.json"

var (
	compileOnce sync.Once
	compiled    *jsonschema.Schema
	compileErr  error
)

// Validate checks a JSON document against the schema; the error lists
// every violation.
func Validate(data []byte) error {
	compileOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON))
		if err != nil {
			compileErr = fmt.Errorf("reading the inventory schema: %v", err)
			return
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(schemaURL, doc); err != nil {
			compileErr = fmt.Errorf("adding the inventory schema: %v", err)
			return
		}
		compiled, compileErr = c.Compile(schemaURL)
	})
	if compileErr != nil {
		return compileErr
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("the inventory is not JSON: %v", err)
	}
	if err := compiled.Validate(inst); err != nil {
		return fmt.Errorf("inventory schema: %v", err)
	}
	return nil
}
