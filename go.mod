module github.com/fencecheck/fencecheck

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/mod v0.41.0
	golang.org/x/tools v0.49.0 // v0.50.0 to v0.52.0 reject valid code under go vet: testdata/e2e/definediface
	gopkg.in/yaml.v3 v3.0.1
	honnef.co/go/tools v0.8.1
)

require (
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
