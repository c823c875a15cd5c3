/** Parts request and customer approval schemas (work package 2): filled in by the parts-request work. */
export {};
