// The package ships no types; this declares the part of its Node API the harness uses.
declare module '@pactflow/swagger-mock-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    type: 'error' | 'warning';
    source: string;
    mockDetails?: {
      interactionDescription?: string;
      interactionState?: string;
      location: string;
      mockFile: string;
      value: unknown;
    };
    specDetails?: {
      location: string;
      pathMethod?: string | null;
      pathName?: string | null;
      specFile: string;
      value: unknown;
    };
  }

  export interface ValidationOutcome {
    success: boolean;
    failureReason?: string;
    errors: ValidationMessage[];
    warnings: ValidationMessage[];
  }

  export interface ValidateOptions {
    specPathOrUrl: string;
    mockPathOrUrl: string;
    additionalPropertiesInResponse?: string;
    requiredPropertiesInResponse?: string;
  }

  export interface SwaggerMockValidator {
    validate(options: ValidateOptions): Promise<ValidationOutcome>;
  }

  export const SwaggerMockValidatorFactory: {
    create(auth?: string): SwaggerMockValidator;
  };
}
