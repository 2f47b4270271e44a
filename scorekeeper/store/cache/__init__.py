"""What is kept for readers: renders, whole answers and the hands' pieces, written once a GET's answer is ready."""
