module github.com/fencecheck/fencecheck/runtime

go 1.26.0
