// Module definediface is a defined type over another package's interface
// with an unexported method, imported by a third package: queue declares
// type ReaderOption stream.ConsumerOption, and app passes stream's options
// as queue.ReaderOption. go build and go vet accept it; an analysis that
// reads queue's types from export data which qualify the unexported method
// apply by queue instead of stream rejects app ("stream.ConsumerOption does
// not implement queue.ReaderOption (missing method apply)"), and loses its
// findings.
package definediface
