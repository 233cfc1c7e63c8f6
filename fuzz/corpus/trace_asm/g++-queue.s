	.file	"queue.cc"
	.text
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv:
.LFB1413:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1413
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset 3, -16
	movq	%rdi, %rbx
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	8(%rbx), %rdi
	call	__tsan_read8@PLT
.LEHB0:
	call	*8(%rbx)
.LEHE0:
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
.L3:
	.cfi_restore_state
	movq	%rax, %rbx
.L2:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB1:
	call	_Unwind_Resume@PLT
.LEHE1:
	.cfi_endproc
.LFE1413:
	.globl	__gxx_personality_v0
	.section	.gcc_except_table._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,"aG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,comdat
.LLSDA1413:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1413-.LLSDACSB1413
.LLSDACSB1413:
	.uleb128 .LEHB0-.LFB1413
	.uleb128 .LEHE0-.LEHB0
	.uleb128 .L3-.LFB1413
	.uleb128 0
	.uleb128 .LEHB1-.LFB1413
	.uleb128 .LEHE1-.LEHB1
	.uleb128 0
	.uleb128 0
.LLSDACSE1413:
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv,comdat
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.text
	.p2align 4
	.type	_ZL7producev, @function
_ZL7producev:
.LFB1170:
	.cfi_startproc
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	leaq	_ZL5ready(%rip), %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 48
	movq	40(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movl	$5, %edx
	movl	$1, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	.p2align 4,,10
	.p2align 3
.L7:
	movl	$5, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_load@PLT
	cmpl	$1, %eax
	jle	.L7
	movl	$1, %ebx
	leaq	_ZL4done(%rip), %rbp
	leaq	gq(%rip), %r13
	leaq	_ZL2hq(%rip), %r12
	jmp	.L8
	.p2align 4,,10
	.p2align 3
.L9:
	addq	$1, %rbx
.L8:
	xorl	%esi, %esi
	movq	%rbp, %rdi
	call	__tsan_atomic32_load@PLT
	cmpl	$1, %eax
	jg	.L13
	xorl	%edx, %edx
	movl	$1, %esi
	movq	%r13, %rdi
	call	__tsan_atomic64_fetch_add@PLT
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %rdi
	xorl	%edx, %edx
	movl	$1, %esi
	call	__tsan_atomic64_fetch_add@PLT
	cmpq	$20000, %rbx
	jne	.L9
	movl	$5, %edx
	movl	$1, %esi
	movq	%rbp, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	jmp	.L9
	.p2align 4,,10
	.p2align 3
.L13:
	addq	$8, %rsp
	.cfi_def_cfa_offset 40
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%rbp
	.cfi_def_cfa_offset 24
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1170:
	.size	_ZL7producev, .-_ZL7producev
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED5Ev,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev:
.LFB1408:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1408:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED1Ev
	.set	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED1Ev,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED2Ev
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED5Ev,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev:
.LFB1410:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	movl	$16, %esi
	call	_ZdlPvm@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1410:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.text
	.align 2
	.p2align 4
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED2Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED2Ev:
.LFB1404:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1404:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED2Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED2Ev
	.set	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED1Ev,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED2Ev
	.align 2
	.p2align 4
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED0Ev, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED0Ev:
.LFB1406:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbp, %rsi
	movq	%rbx, %rdi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	movq	%rbx, %rdi
	call	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	movl	$16, %esi
	call	_ZdlPvm@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1406:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED0Ev, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED0Ev
	.align 2
	.p2align 4
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv, @function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv:
.LFB1412:
	.cfi_startproc
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	leaq	_ZL5ready(%rip), %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 48
	movq	40(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movl	$5, %edx
	movl	$1, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	.p2align 4,,10
	.p2align 3
.L23:
	movl	$5, %esi
	movq	%rbx, %rdi
	call	__tsan_atomic32_load@PLT
	cmpl	$1, %eax
	jle	.L23
	movl	$1, %ebx
	leaq	_ZL4done(%rip), %rbp
	leaq	8+gq(%rip), %r13
	leaq	_ZL2hq(%rip), %r12
	jmp	.L24
	.p2align 4,,10
	.p2align 3
.L25:
	addq	$1, %rbx
.L24:
	xorl	%esi, %esi
	movq	%rbp, %rdi
	call	__tsan_atomic32_load@PLT
	cmpl	$1, %eax
	jg	.L29
	xorl	%esi, %esi
	movq	%r13, %rdi
	call	__tsan_atomic64_load@PLT
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %rax
	xorl	%esi, %esi
	leaq	8(%rax), %rdi
	call	__tsan_atomic64_load@PLT
	cmpq	$20000, %rbx
	jne	.L25
	movl	$5, %edx
	movl	$1, %esi
	movq	%rbp, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	jmp	.L25
	.p2align 4,,10
	.p2align 3
.L29:
	addq	$8, %rsp
	.cfi_def_cfa_offset 40
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%rbp
	.cfi_def_cfa_offset 24
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1412:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv, .-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv
	.section	.text._ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev,"axG",@progbits,_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED5Ev,comdat
	.align 2
	.p2align 4
	.weak	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev
	.type	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev, @function
_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev:
.LFB1335:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	movq	%rdi, %rbx
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	(%rbx), %rbx
	testq	%rbx, %rbx
	je	.L31
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	(%rbx), %rbp
	leaq	8(%rbp), %rdi
	call	__tsan_read8@PLT
	movq	%rbx, %rdi
	call	*8(%rbp)
.L31:
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1335:
	.size	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev, .-_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev
	.weak	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED1Ev
	.set	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED1Ev,_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED2Ev
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"w"
	.section	.text.unlikely,"ax",@progbits
.LCOLDB1:
	.section	.text.startup,"ax",@progbits
.LHOTB1:
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB1172:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1172
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	movl	%edi, %ebp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	movq	%rsi, %rbx
	subq	$40, %rsp
	.cfi_def_cfa_offset 96
	movq	88(%rsp), %rdi
	call	__tsan_func_entry@PLT
	cmpl	$1, %ebp
	jle	.L40
	leaq	8(%rbx), %rdi
	call	__tsan_read8@PLT
	movq	8(%rbx), %rdi
	leaq	.LC0(%rip), %rsi
.LEHB2:
	call	fopen@PLT
	movq	%rax, %rdi
	call	fclose@PLT
	testl	%eax, %eax
	jne	.L69
.L40:
	movl	$48, %edi
	call	_Znwm@PLT
	movq	%rax, %rbx
	movq	%rax, %rdi
	leaq	8(%rsp), %r13
	call	__tsan_write8@PLT
	movq	$0, (%rbx)
	leaq	8(%rbx), %rdi
	leaq	_ZL2hq(%rip), %r12
	call	__tsan_write8@PLT
	movq	$0, 8(%rbx)
	movq	%r12, %rdi
	call	__tsan_write8@PLT
	movq	%r13, %rdi
	movq	%rbx, _ZL2hq(%rip)
	call	__tsan_write8@PLT
	movl	$16, %edi
	movq	$0, 8(%rsp)
	call	_Znwm@PLT
.LEHE2:
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE(%rip), %rbp
	movq	%rax, %rbx
	movq	%rax, %rdi
	movq	%rbp, %rsi
	call	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	leaq	8(%rbx), %rdi
	leaq	24(%rsp), %rbp
	call	__tsan_write8@PLT
	leaq	_ZL7producev(%rip), %rax
	movq	%rbp, %rdi
	movq	%rax, 8(%rbx)
	call	__tsan_write8@PLT
	xorl	%edx, %edx
	movq	%rbp, %rsi
	movq	%r13, %rdi
	movq	%rbx, 24(%rsp)
.LEHB3:
	call	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.LEHE3:
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	movq	24(%rsp), %rbx
	testq	%rbx, %rbx
	je	.L41
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	(%rbx), %r14
	leaq	8(%r14), %rdi
	call	__tsan_read8@PLT
	movq	%rbx, %rdi
	call	*8(%r14)
.L41:
	leaq	16(%rsp), %r14
	movq	%r14, %rdi
	call	__tsan_write8@PLT
	movl	$16, %edi
	movq	$0, 16(%rsp)
.LEHB4:
	call	_Znwm@PLT
.LEHE4:
	leaq	16+_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE(%rip), %r15
	movq	%rax, %rbx
	movq	%rax, %rdi
	movq	%r15, %rsi
	call	__tsan_vptr_update@PLT
	movq	%r15, (%rbx)
	movq	%rbp, %rdi
	call	__tsan_write8@PLT
	xorl	%edx, %edx
	movq	%rbp, %rsi
	movq	%r14, %rdi
	movq	%rbx, 24(%rsp)
.LEHB5:
	call	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.LEHE5:
	movq	%rbp, %rdi
	call	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED1Ev
	movq	%r13, %rdi
.LEHB6:
	call	_ZNSt6thread4joinEv@PLT
	movq	%r14, %rdi
	call	_ZNSt6thread4joinEv@PLT
.LEHE6:
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	_ZL2hq(%rip), %rdi
	testq	%rdi, %rdi
	je	.L48
	movl	$48, %esi
	call	_ZdlPvm@PLT
.L48:
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, 16(%rsp)
	jne	.L50
	movq	%r13, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, 8(%rsp)
	jne	.L50
	xorl	%ebx, %ebx
.L39:
	call	__tsan_func_exit@PLT
	addq	$40, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	movl	%ebx, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
.L69:
	.cfi_restore_state
	movl	$2, %ebx
	jmp	.L39
.L50:
	call	_ZSt9terminatev@PLT
.L57:
	movq	%rax, %rbx
	jmp	.L46
.L54:
	movq	%rax, %rbx
	jmp	.L47
.L56:
	movq	%rax, %rbx
	jmp	.L43
.L55:
	movq	%rax, %rbx
	jmp	.L51
.L53:
	movq	%rax, %rbx
	jmp	.L44
	.section	.gcc_except_table,"a",@progbits
.LLSDA1172:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1172-.LLSDACSB1172
.LLSDACSB1172:
	.uleb128 .LEHB2-.LFB1172
	.uleb128 .LEHE2-.LEHB2
	.uleb128 .L53-.LFB1172
	.uleb128 0
	.uleb128 .LEHB3-.LFB1172
	.uleb128 .LEHE3-.LEHB3
	.uleb128 .L56-.LFB1172
	.uleb128 0
	.uleb128 .LEHB4-.LFB1172
	.uleb128 .LEHE4-.LEHB4
	.uleb128 .L54-.LFB1172
	.uleb128 0
	.uleb128 .LEHB5-.LFB1172
	.uleb128 .LEHE5-.LEHB5
	.uleb128 .L57-.LFB1172
	.uleb128 0
	.uleb128 .LEHB6-.LFB1172
	.uleb128 .LEHE6-.LEHB6
	.uleb128 .L55-.LFB1172
	.uleb128 0
.LLSDACSE1172:
	.section	.text.startup
	.cfi_endproc
	.section	.text.unlikely
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDAC1172
	.type	main.cold, @function
main.cold:
.LFSB1172:
.L46:
	.cfi_def_cfa_offset 96
	.cfi_offset 3, -56
	.cfi_offset 6, -48
	.cfi_offset 12, -40
	.cfi_offset 13, -32
	.cfi_offset 14, -24
	.cfi_offset 15, -16
	movq	%rbp, %rdi
	call	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED1Ev
.L47:
	movq	%r13, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, 8(%rsp)
	je	.L44
	jmp	.L50
.L51:
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	cmpq	$0, 16(%rsp)
	je	.L47
	jmp	.L50
.L43:
	movq	%rbp, %rdi
	call	_ZNSt10unique_ptrINSt6thread6_StateESt14default_deleteIS1_EED1Ev
.L44:
	call	__tsan_func_exit@PLT
	movq	%rbx, %rdi
.LEHB7:
	call	_Unwind_Resume@PLT
.LEHE7:
	.cfi_endproc
.LFE1172:
	.section	.gcc_except_table
.LLSDAC1172:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSEC1172-.LLSDACSBC1172
.LLSDACSBC1172:
	.uleb128 .LEHB7-.LCOLDB1
	.uleb128 .LEHE7-.LEHB7
	.uleb128 0
	.uleb128 0
.LLSDACSEC1172:
	.section	.text.unlikely
	.section	.text.startup
	.size	main, .-main
	.section	.text.unlikely
	.size	main.cold, .-main.cold
.LCOLDE1:
	.section	.text.startup
.LHOTE1:
	.p2align 4
	.type	_GLOBAL__sub_I_gq, @function
_GLOBAL__sub_I_gq:
.LFB1435:
	.cfi_startproc
	subq	$8, %rsp
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	gq(%rip), %rdi
	call	__tsan_write8@PLT
	leaq	8+gq(%rip), %rdi
	movq	$0, gq(%rip)
	call	__tsan_write8@PLT
	movq	$0, 8+gq(%rip)
	addq	$8, %rsp
	.cfi_def_cfa_offset 8
	jmp	__tsan_func_exit@PLT
	.cfi_endproc
.LFE1435:
	.size	_GLOBAL__sub_I_gq, .-_GLOBAL__sub_I_gq
	.section	.init_array,"aw"
	.align 8
	.quad	_GLOBAL__sub_I_gq
	.weak	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.rodata._ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"aG",@progbits,_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.align 32
	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, @object
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 59
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.string	"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE"
	.weak	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.data.rel.ro._ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"awG",@progbits,_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.align 8
	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, @object
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 24
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.quad	_ZTINSt6thread6_StateE
	.section	.data.rel.ro,"aw"
	.align 8
	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, @object
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, 24
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE
	.quad	_ZTINSt6thread6_StateE
	.section	.rodata
	.align 32
	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, @object
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, 67
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE:
	.string	"*NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE"
	.weak	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.section	.data.rel.ro.local._ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,"awG",@progbits,_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE,comdat
	.align 8
	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, @object
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, 40
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED1Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv
	.section	.data.rel.ro.local,"aw"
	.align 8
	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, @object
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE, 40
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEEE
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED1Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainEUlvE_EEEEE6_M_runEv
	.local	_ZL4done
	.comm	_ZL4done,4,4
	.local	_ZL5ready
	.comm	_ZL5ready,4,4
	.local	_ZL2hq
	.comm	_ZL2hq,8,8
	.globl	gq
	.bss
	.align 32
	.type	gq, @object
	.size	gq, 32
gq:
	.zero	32
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB1439:
	.cfi_startproc
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE1439:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.rel.local.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.align 8
	.type	DW.ref.__gxx_personality_v0, @object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
