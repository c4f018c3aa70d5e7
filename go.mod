module github.com/fencecheck/fencecheck

go 1.26.0

require (
	golang.org/x/tools v0.52.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)
